import { CONSENT_SETTING_NAMES } from '@study/contracts';
import { Fragment } from 'react';

/** How to mark up a consent text, with examples that read as written. */
export function ConsentMarkupHelp({ id }: { id: string }) {
  return (
    // Examples with words after the marks: a mark on its own ('# ') hides its space and reads as '#'.
    <div className="consent-versions__markup" id={id}>
      <p>How to mark up the text:</p>
      <ul>
        <li>
          <code># Risks</code> on a line of its own is a heading;
        </li>
        <li>
          lines such as <code>- Your data stays pseudonymous</code> or <code>1. Read the form</code> are a list;
        </li>
        <li>
          <code>**words**</code> are in bold;
        </li>
        <li>a blank line separates headings, paragraphs and lists;</li>
        <li>
          {CONSENT_SETTING_NAMES.map((name, i) => (
            <Fragment key={name}>
              {i > 0 && (i === CONSENT_SETTING_NAMES.length - 1 ? ' and ' : ', ')}
              <code>{`{{${name}}}`}</code>
            </Fragment>
          ))}{' '}
          show this deployment's research team address and review board (its name, approval reference and contact) where participants read the text.
        </li>
      </ul>
    </div>
  );
}
