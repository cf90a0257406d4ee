import type { PairAgreement } from '@study/contracts';
import { TYPE_CODES, type Instrument, type TypeCode } from '@study/personality';

export const INSTRUMENT_LABELS: Record<Instrument, string> = {
  typeFinder: 'TypeFinder',
  nardi: 'Nardi',
  mbti: 'MBTI',
  selfAssessment: 'Self-assessment',
};

const LETTER_LABELS: Record<PairAgreement['letters'][number]['dichotomy'], string> = { EI: 'E–I', SN: 'S–N', TF: 'T–F', JP: 'J–P' };

const number = new Intl.NumberFormat('en-US');
const NOT_DEFINED = '–';

function percentText(value: number | null): string {
  return value === null ? NOT_DEFINED : `${value.toFixed(1)}%`;
}

function kappaText(value: number | null): string {
  return value === null ? NOT_DEFINED : value.toFixed(2);
}

/** A cell's shade: its count against the largest count of the table (0 stays unshaded). */
function heat(count: number, max: number): { backgroundColor?: string; color?: string } {
  if (count === 0 || max === 0) return {};
  const strength = 0.12 + 0.88 * (count / max);
  // Light text on the darker half of the scale keeps the count readable.
  return { backgroundColor: `rgba(91, 63, 214, ${strength.toFixed(2)})`, color: strength > 0.55 ? '#fff' : undefined };
}

function pairName({ first, second }: PairAgreement): string {
  return `${INSTRUMENT_LABELS[first]} and ${INSTRUMENT_LABELS[second]}`;
}

function Figures({ pair }: { pair: PairAgreement }) {
  // At phone width the table scrolls sideways in its box: reachable with Tab, named for screen readers.
  return (
    <div className="admin-table-wrap admin-table-wrap--full agreement-figures" role="region" aria-label={`Agreement of ${pairName(pair)}`} tabIndex={0}>
      <table className="admin-table">
        <caption>
          Agreement of {pairName(pair)} <span className="admin-table__note">(n = {number.format(pair.n)})</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Compared</th>
            <th scope="col" className="admin-table__num">
              Agreeing
            </th>
            <th scope="col" className="admin-table__num">
              Agreement
            </th>
            <th scope="col" className="admin-table__num">
              Kappa
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Whole type</th>
            <td className="admin-table__num">{number.format(pair.wholeType.agreeing)}</td>
            <td className="admin-table__num">{percentText(pair.wholeType.percent)}</td>
            <td className="admin-table__num">{NOT_DEFINED}</td>
          </tr>
          {pair.letters.map((letter) => (
            <tr key={letter.dichotomy}>
              <th scope="row">{LETTER_LABELS[letter.dichotomy]}</th>
              <td className="admin-table__num">{number.format(letter.agreeing)}</td>
              <td className="admin-table__num">{percentText(letter.percent)}</td>
              <td className="admin-table__num">{kappaText(letter.kappa)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Confusion({ pair }: { pair: PairAgreement }) {
  const max = Math.max(0, ...pair.confusion.flat());
  const first = INSTRUMENT_LABELS[pair.first];
  const second = INSTRUMENT_LABELS[pair.second];
  const captionId = `confusion-${pair.first}-${pair.second}`;
  return (
    // Wide screens only (960 px and up, where all 16 columns fit the card); focusable, so the
    // keyboard can still scroll it should larger text make it wider than its box.
    <div className="admin-table-wrap admin-table-wrap--full confusion-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table confusion-table">
        <caption id={captionId}>
          Types by {first} (rows) and {second} (columns) <span className="admin-table__note">(darker: more participants)</span>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="confusion-table__corner">
              {first} \ {second}
            </th>
            {TYPE_CODES.map((code) => (
              <th scope="col" key={code} className="admin-table__num">
                {code}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TYPE_CODES.map((rowCode, row) => (
            <tr key={rowCode}>
              <th scope="row">{rowCode}</th>
              {TYPE_CODES.map((columnCode, column) => {
                const count = pair.confusion[row]?.[column] ?? 0;
                return (
                  <td key={columnCode} className={rowCode === columnCode ? 'admin-table__num confusion-table__same' : 'admin-table__num'} style={heat(count, max)}>
                    {number.format(count)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The cells of the 16 x 16 counts that hold participants, the most first (then in the types' order). */
function nonZeroCells(pair: PairAgreement): { first: TypeCode; second: TypeCode; count: number }[] {
  const cells = TYPE_CODES.flatMap((first, row) => TYPE_CODES.map((second, column) => ({ first, second, count: pair.confusion[row]?.[column] ?? 0 })));
  // A stable sort: equal counts keep the types' order.
  return cells.filter((cell) => cell.count > 0).sort((a, b) => b.count - a.count);
}

/**
 * Phones and narrow windows: 16 columns cannot be read there, so the pairs of types that hold
 * participants are listed instead, each with its count (every non-zero cell of the grid).
 */
function ConfusionPairs({ pair }: { pair: PairAgreement }) {
  const first = INSTRUMENT_LABELS[pair.first];
  const second = INSTRUMENT_LABELS[pair.second];
  const cells = nonZeroCells(pair);
  const captionId = `confusion-pairs-${pair.first}-${pair.second}`;
  if (cells.length === 0) return <p className="admin-help confusion-pairs">No participant has a type from both yet.</p>;
  return (
    // A region the keyboard can reach and scroll, should a long type name make the list wider than a phone.
    <div className="admin-table-wrap admin-table-wrap--full confusion-pairs" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table confusion-pairs__table">
        <caption id={captionId}>
          Types by {first} and {second} <span className="admin-table__note">(pairs with participants, the most first)</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col">{second}</th>
            <th scope="col" className="admin-table__num">
              Participants
            </th>
          </tr>
        </thead>
        <tbody>
          {cells.map((cell) => (
            <tr key={`${cell.first}-${cell.second}`} className={cell.first === cell.second ? 'confusion-pairs__same' : undefined}>
              <td>{cell.first}</td>
              <td>{cell.second}</td>
              <td className="admin-table__num">{number.format(cell.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How each pair of instruments agrees over the participants who have both types. */
export function Agreement({ pairs }: { pairs: readonly PairAgreement[] }) {
  return (
    <section className="admin-section" aria-labelledby="agreement-title">
      <h2 id="agreement-title">Agreement between instruments</h2>
      <p className="admin-help">
        For each pair, only participants with a type from both count (n). Kappa is Cohen&apos;s kappa per letter; {NOT_DEFINED} where it is not defined (no participants, or both
        instruments gave everyone the same letter).
      </p>
      {/* One pair a row, the card as wide as the page: the 16 x 16 counts need the room. */}
      <div className="agreement-pairs">
        {pairs.map((pair) => {
          const titleId = `agreement-${pair.first}-${pair.second}`;
          return (
            <section className="card" aria-labelledby={titleId} key={titleId}>
              <h3 id={titleId}>{pairName(pair)}</h3>
              <Figures pair={pair} />
              <Confusion pair={pair} />
              <ConfusionPairs pair={pair} />
            </section>
          );
        })}
      </div>
    </section>
  );
}
