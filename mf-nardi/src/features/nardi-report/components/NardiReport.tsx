import type { NardiReportView } from '@study/contracts';
import {
  FUNCTIONAL_PAIRS,
  INTERACTION_STYLES,
  NARDI_FUNCTIONAL_PAIR_SCORE_MAX,
  NARDI_INTERACTION_STYLE_SCORE_MAX,
  NARDI_TEMPERAMENT_SCORE_MAX,
  TEMPERAMENTS,
} from '@study/personality';
import type { ReactNode } from 'react';
import { REFERENCES, SECTION_TEXT } from '../report-texts';
import { DichotomyChart } from './DichotomyChart';
import { ScoreBar } from './ScoreBar';

export interface NardiReportProps {
  report: NardiReportView;
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children?: ReactNode }) {
  const headingId = `nardi-report-${id}`;
  return (
    <section className="report-section card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {intro && <p className="report-section__intro">{intro}</p>}
      {children}
    </section>
  );
}

/** A table that scrolls sideways on its own when a narrow screen cannot fit it. */
function ReportTable({ caption, className, children }: { caption: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `report-table ${className}` : 'report-table'}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

function Score({ score, outOf }: { score: number; outOf: number }) {
  return (
    <span className="report-score">
      <span className="report-score__text">
        {score} of {outOf}
      </span>
      <ScoreBar score={score} outOf={outOf} />
    </span>
  );
}

function Code({ children }: { children: ReactNode }) {
  return <span className="report-code">{children}</span>;
}

function TopTypes({ rows }: { rows: NardiReportView['topTypes'] }) {
  return (
    <ReportTable caption="Your top three types">
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Type</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ code, title, score, outOf, rank }) => (
          <tr key={code}>
            <td className="report-rank">{rank}</td>
            <th scope="row">
              <Code>{code}</Code> <span className="report-name">{title}</span>
            </th>
            <td>
              <Score score={score} outOf={outOf} />
            </td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

function FunctionalPairs({ rows }: { rows: NardiReportView['functionalPairs'] }) {
  return (
    <ReportTable caption="Your top two functional pairs">
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Functional pair</th>
          <th scope="col">Score</th>
          <th scope="col">Your choice</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ code, title, score, rank, selected }) => (
          <tr key={code} className={selected ? 'report-row--selected' : undefined}>
            <td className="report-rank">{rank}</td>
            <th scope="row">
              <Code>{code}</Code> <span className="report-name">{title}</span>
              <span className="report-detail">{FUNCTIONAL_PAIRS[code].types.join(' and ')}</span>
            </th>
            <td>
              <Score score={score} outOf={NARDI_FUNCTIONAL_PAIR_SCORE_MAX} />
            </td>
            <td className="report-choice">
              {selected && (
                <>
                  <span className="report-check" aria-hidden="true">
                    ✓
                  </span>
                  <span className="visually-hidden">your choice</span>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

function Temperaments({ rows }: { rows: NardiReportView['temperaments'] }) {
  return (
    <ReportTable caption="Your temperaments, ranked">
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Temperament</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ code, title, score, rank }) => (
          <tr key={code}>
            <td className="report-rank">{rank}</td>
            <th scope="row">
              <span className="report-name">{title}</span>
              <span className="report-detail">{TEMPERAMENTS[code].description}</span>
            </th>
            <td>
              <Score score={score} outOf={NARDI_TEMPERAMENT_SCORE_MAX} />
            </td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

function InteractionStyles({ rows }: { rows: NardiReportView['interactionStyles'] }) {
  return (
    <ReportTable caption="Your interaction styles, ranked by score">
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Interaction style</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ code, name, score, rank }) => (
          <tr key={code}>
            <td className="report-rank">{rank}</td>
            <th scope="row">
              <span className="report-name">{name}</span>
              <span className="report-detail">{INTERACTION_STYLES[code].description}</span>
            </th>
            <td>
              <Score score={score} outOf={NARDI_INTERACTION_STYLE_SCORE_MAX} />
            </td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

/** One record, so one row per field: it reads the same on a phone and on paper. */
function Favourite({ favourite }: { favourite: NardiReportView['favourite'] }) {
  const fields: [string, ReactNode][] = [
    ['Type code', <Code key="code">{favourite.typeCode}</Code>],
    ['Type name', favourite.typeName],
    ['Temperament', favourite.temperament],
    ['Interaction style', favourite.interactionStyle],
  ];
  return (
    <ReportTable caption="Your favourite snapshot" className="report-table--favourite">
      <tbody>
        {fields.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

function Consistency({ score, outOf }: NardiReportView['consistency']) {
  return (
    <div className="report-consistency">
      <p className="report-consistency__score">
        {score}/{outOf}
      </p>
      <ScoreBar score={score} outOf={outOf} />
    </div>
  );
}

/** The Nardi report (product.md section 2, 'Nardi report content'): every section with what it means. */
export function NardiReport({ report }: NardiReportProps) {
  return (
    <div className="nardi-report__sections">
      <Section id="top-types" title="Your top three types" intro={SECTION_TEXT.topTypes}>
        <TopTypes rows={report.topTypes} />
      </Section>

      <Section id="preferences" title="Your preferences" intro={SECTION_TEXT.dichotomies}>
        <DichotomyChart rows={report.dichotomies} />
      </Section>

      <Section id="cognitive-dynamics" title="Cognitive dynamics" intro={SECTION_TEXT.cognitiveDynamics}>
        <FunctionalPairs rows={report.functionalPairs} />
      </Section>

      <Section id="temperaments" title="Temperaments" intro={SECTION_TEXT.temperaments}>
        <Temperaments rows={report.temperaments} />
      </Section>

      <Section id="interaction-styles" title="Interaction styles" intro={SECTION_TEXT.interactionStyles}>
        <InteractionStyles rows={report.interactionStyles} />
      </Section>

      <Section id="favourite" title="Your favourite snapshot" intro={SECTION_TEXT.favourite}>
        <Favourite favourite={report.favourite} />
        <p className="report-note">{SECTION_TEXT.selectionAgreement}</p>
      </Section>

      <Section id="consistency" title="Consistency">
        <Consistency {...report.consistency} />
        <p>{SECTION_TEXT.consistency}</p>
      </Section>

      <Section id="about" title="About this report" intro={SECTION_TEXT.about}>
        <h3>Further reading</h3>
        <ul className="report-references">
          {REFERENCES.map(({ title, authors }) => (
            <li key={title}>
              <cite>{title}</cite>, by {authors}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
