import { escapeHtml } from '@study/service-kit';
import { QUIZ, type QuizQuestion } from './quiz';


const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #fff; color: #222; }
  main { max-width: 560px; margin: 0 auto; padding: 16px 20px; }
  h1 { font-size: 1.3rem; margin: 0 0 4px; }
  .hint { color: #555; font-size: .9rem; margin: 0 0 16px; }
  fieldset { border: 1px solid #ccc; border-radius: 4px; margin: 12px 0; padding: 8px 12px; }
  legend { font-weight: 600; }
  label { display: block; margin: 6px 0; }
  input[type=email] { font-size: 1rem; padding: 4px 6px; width: 100%; box-sizing: border-box; }
  button { font-size: 1rem; padding: 8px 18px; border-radius: 4px; border: 1px solid #1c6e8c; background: #1c6e8c; color: #fff; cursor: pointer; }
  .error { color: #a61e1e; }
  .done { color: #2b6a2e; font-weight: 600; }
`;

/** A whole page; `body` must already be escaped HTML. */
export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - TypeFinder</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface WidgetForm {
  email: string;
  answers: Partial<Record<QuizQuestion['name'], string>>;
}

function questionHtml(question: QuizQuestion, chosen: string | undefined, missing: boolean): string {
  const options = question.options
    .map(
      (option) =>
        `<label><input type="radio" name="${question.name}" value="${option.letter}" id="${question.name}-${option.letter}"${chosen === option.letter ? ' checked' : ''} required> ${escapeHtml(option.text)}</label>`,
    )
    .join('\n');
  return `<fieldset id="q-${question.name}"><legend>${escapeHtml(question.prompt)}</legend>
${missing ? '<p class="error">Please choose one.</p>\n' : ''}${options}
</fieldset>`;
}

/** The embeddable widget: the study email and the four questions, posting back to itself. */
export function widgetPage(options: { action: string; form: WidgetForm; errors?: { email?: string; unanswered?: readonly string[] } }): string {
  const { form, errors } = options;
  const emailError = errors?.email ? `<p class="error" id="email-error">${escapeHtml(errors.email)}</p>\n` : '';
  const questions = QUIZ.map((question) => questionHtml(question, form.answers[question.name], errors?.unanswered?.includes(question.name) ?? false)).join('\n');
  return renderPage(
    'Find your type',
    `<h1>Find your type</h1>
<p class="hint">Four quick questions. Enter your Study ID email so the study can match your result.</p>
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Study ID email</label>
<input type="email" id="email" name="email" value="${escapeHtml(form.email)}" required autocomplete="off">
${emailError}${questions}
<p><button type="submit" id="send">Send my results</button></p>
</form>`,
  );
}

export function sentPage(typeCode: string): string {
  return renderPage(
    'Results sent',
    `<h1>Your type: <span id="type-code">${escapeHtml(typeCode)}</span></h1>
<p class="done" id="sent">Your results have been sent.</p>
<p class="hint">You can return to the study now.</p>`,
  );
}

export function notSentPage(reason: string): string {
  return renderPage(
    'Results not sent',
    `<h1>Your results could not be sent</h1>
<p class="error" id="not-sent">${escapeHtml(reason)}</p>
<p class="hint">Please try again in a moment.</p>`,
  );
}
