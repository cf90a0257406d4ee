import { Button } from '@study/ui';
import type { WithdrawalState } from '../use-withdrawal';

/** The choosing step: keep the answers and results for the research, or erase them too. */
export function WithdrawChoice({ state }: { state: WithdrawalState }) {
  const { ids, choice, choose, missingChoice, firstOption, toConfirm, close } = state;
  return (
    <div id={`${ids}-form`}>
      <fieldset className="withdraw__choice" aria-describedby={missingChoice ? `${ids}-missing` : undefined}>
        <legend className="withdraw__legend">What should happen to your data?</legend>
        <label className="withdraw__option">
          <input ref={firstOption} type="radio" name={`${ids}-data`} value="keep" checked={choice === 'keep'} onChange={() => choose('keep')} />
          <span>Keep my answers and results for the study's research (only my consent is withdrawn)</span>
        </label>
        <label className="withdraw__option">
          <input type="radio" name={`${ids}-data`} value="erase" checked={choice === 'erase'} onChange={() => choose('erase')} />
          <span>Also erase my answers and results from the study (this cannot be undone)</span>
        </label>
      </fieldset>
      {missingChoice && (
        <p id={`${ids}-missing`} className="withdraw__error" role="alert">
          Choose whether to keep or erase your data.
        </p>
      )}
      <div className="withdraw__actions">
        <Button variant="danger" onClick={toConfirm}>
          Continue
        </Button>
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
