import { ButtonLink, EmailAddress, readStudyConfig } from '@study/ui';
import { Link } from 'react-router-dom';
import { useAnchorScroll } from '../anchor-scroll';

/** The 16 types by temperament (NT Theorists, NF Catalysts, SJ Stabilizers, SP Improvisers). */
const TYPES_BY_TEMPERAMENT: { temperament: string; code: 'nt' | 'nf' | 'sj' | 'sp'; types: string[] }[] = [
  { temperament: 'NT', code: 'nt', types: ['INTJ', 'INTP', 'ENTJ', 'ENTP'] },
  { temperament: 'NF', code: 'nf', types: ['INFJ', 'INFP', 'ENFJ', 'ENFP'] },
  { temperament: 'SJ', code: 'sj', types: ['ISTJ', 'ISFJ', 'ESTJ', 'ESFJ'] },
  { temperament: 'SP', code: 'sp', types: ['ISTP', 'ISFP', 'ESTP', 'ESFP'] },
];

function TypeGrid() {
  return (
    <figure className="type-grid" aria-labelledby="type-grid-caption">
      <ul className="type-grid__rows">
        {TYPES_BY_TEMPERAMENT.map((row) => (
          <li key={row.code} className={`type-grid__row type-grid__row--${row.code}`}>
            <span className="type-grid__temperament">{row.temperament}</span>
            {row.types.map((type) => (
              <span key={type} className="type-grid__code">
                {type}
              </span>
            ))}
          </li>
        ))}
      </ul>
      <figcaption id="type-grid-caption" className="type-grid__caption">
        The 16 personality types, grouped by temperament. We need about 200 people of each.
      </figcaption>
    </figure>
  );
}

const STEPS: { title: string; text: string }[] = [
  {
    title: 'Read and sign the consent form',
    text: 'It explains the study, the risks and how your data is handled. You must be 18 or older.',
  },
  {
    title: 'Connect your genotyping data through Open Humans',
    text: 'Authorize this project on Open Humans and share the raw data file you already have from a genotyping service. You then receive your study ID.',
  },
  {
    title: 'Take the TypeFinder personality test',
    text: 'An online questionnaire that suggests your personality type. You sign in with your study email, not your own address.',
  },
  {
    title: 'Complete the Nardi Personality Indicator',
    text: 'Twenty-five quick either/or questions and three short picks, about 12 minutes in all.',
  },
  {
    title: 'Tell us your own best-fit type',
    text: 'Four questions: the type you believe fits you, how you arrived at it, how sure you are, and your experience with personality type.',
  },
  {
    title: 'See your results',
    text: 'Your dashboard shows each score, your final type with a description, and a report you can download.',
  },
];

export function LandingPage() {
  useAnchorScroll();
  const { contactEmail } = readStudyConfig();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <div>
            <p className="hero__eyebrow">A research study on the genetics of personality type</p>
            <h1 id="hero-title" className="hero__title">
              Reveal Yourself!
            </h1>
            <p className="hero__lead">
              Are you an introvert or an extravert, a planner or an improviser? Help us find out how much of that is
              written in our genes. If you are 18 or older and already have your genotyping data, you can take part from
              home in about an hour.
            </p>
            <div className="btn-row">
              <ButtonLink to="/consent">I&apos;d Like to Participate</ButtonLink>
              <ButtonLink to="/survey" variant="secondary">
                Already Signed Up
              </ButtonLink>
            </div>
            <ul className="hero__facts" aria-label="The study at a glance">
              <li>About 1 hour</li>
              <li>Adults 18+</li>
              <li>Unpaid, voluntary</li>
              <li>Data shared via Open Humans</li>
            </ul>
          </div>
          <TypeGrid />
        </div>
      </section>

      <section id="howitworks" className="section" tabIndex={-1} aria-labelledby="howitworks-title">
        <div className="section__inner">
          <h2 id="howitworks-title">How it works</h2>
          <p className="section__lead">
            Personality type describes how people prefer to take in information, make decisions and spend their energy.
            Twin and family studies suggest these preferences are partly inherited, but the genes involved are still
            largely unknown. We compare the genotypes of people whose type we know well to look for the genetic
            variants that go along with each of the 16 types.
          </p>
          <div className="feature-grid">
            <article className="card feature">
              <h3>Your genotype</h3>
              <p>
                You share the raw data file you already have (for example from 23andMe or AncestryDNA) through Open
                Humans, a non-profit platform where you decide which projects may see your data and can withdraw at any
                time.
              </p>
            </article>
            <article className="card feature">
              <h3>Your type</h3>
              <p>
                Three assessments look at your personality from different angles. Combining them gives a far more
                reliable type than any single test, which is what a genetic comparison needs.
              </p>
            </article>
            <article className="card feature">
              <h3>The comparison</h3>
              <p>
                We need about 200 people of each type, up to 6,000 people in all. Results are analysed without names
                and reported only for groups.
              </p>
            </article>
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="steps-title">
        <div className="section__inner">
          <h2 id="steps-title">Taking part, step by step</h2>
          <ol className="steps">
            {STEPS.map((step) => (
              <li key={step.title} className="steps__item">
                <h3 className="steps__title">{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="btn-row">
            <ButtonLink to="/consent">I&apos;d Like to Participate</ButtonLink>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="contact-title">
        <div className="section__inner">
          <h2 id="contact-title">Contact</h2>
          <p>
            Questions about the study, your data or your results are welcome, before or after you take part.
            {contactEmail && (
              <>
                {' '}
                Write to the research team at <a href={`mailto:${contactEmail}`}>
                  <EmailAddress address={contactEmail} />
                </a>.
              </>
            )}
          </p>
          <p>
            You can read more <Link to="/about">about the researcher</Link>, our <Link to="/terms">terms of use</Link>{' '}
            and how we protect your <Link to="/privacy">privacy</Link>.
          </p>
        </div>
      </section>
    </div>
  );
}
