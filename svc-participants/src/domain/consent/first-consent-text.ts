/**
 * The consent text a new deployment starts with: version v1, stored at the first use when no
 * version is (the consent page showed it before consent texts were versioned). Markup:
 * @study/contracts consentTextBlocks. A deployment that has stored it keeps its copy: a changed
 * text reaches it only when published from the admin Consent page (a new version participants
 * agree to again). Edited before launch only, so that no agreed text ever differs from v1.
 */
export const FIRST_CONSENT_TEXT = `# Study title

Personality type and genetics: a participant-led study of the genetic basis of personality type.

# 1. Invitation

You are invited to take part in a research study. Before you decide, please read this form carefully. It explains why the study is being done, what you would be asked to do, and the possible risks and benefits. Take as much time as you need, and ask us about anything that is unclear. Taking part is entirely your choice.

# 2. What the study is about

Personality type describes stable preferences in how people direct their energy, take in information, make decisions and organise their lives, summarised as one of 16 types. Studies of twins and families show that these preferences are partly inherited, but the genes involved are largely unknown. This study compares the genotypes of people whose personality type has been carefully measured, to look for genetic variants that are more common in some types than in others.

To compare the types reliably we need about 200 people of each type, which means up to 6,000 people in total.

# 3. Who can take part

You can take part if all of the following are true:

- you are 18 years of age or older;
- you already have your own raw genotyping data, for example from a direct-to-consumer genetic testing service;
- you are willing to share that data with this project through Open Humans.

# 4. What you will be asked to do

Taking part takes about 1 hour in total, which you can spread over several sessions.

1. Authorize this project on Open Humans, a non-profit platform for sharing personal data with research projects, and make your genotyping data file available to it. You will then receive a study ID.
2. Take the TypeFinder personality test on the provider's website, using a study email address.
3. Complete the Nardi Personality Indicator on this site (about 12 minutes).
4. Answer four short questions about the personality type you believe fits you best: which type, how you arrived at it, how sure you are, and how much experience you have with personality type.
5. Optionally, take the official type indicator on its provider's website, using the same study email address.

# 5. Payment and costs

You will not be paid for taking part, and taking part costs you nothing except your time. You do not have to buy any test: the study only uses genotyping data you already have.

# 6. Possible benefits

You will see your results from each assessment, a final personality type with a description, and a report you can download. Beyond that there is no direct benefit to you. Your participation will help researchers understand how genes contribute to personality.

# 7. Possible risks and discomforts

- **Privacy.** Genetic data is unique to you and partly shared with your relatives. Even without your name, it could in principle be linked back to you by someone with access to other genetic databases. We take the measures described below to prevent this, but the risk cannot be removed completely.
- **Data security.** Despite strong safeguards, no computer system is completely secure, and a breach could expose study data.
- **Legal protection.** Laws that protect people from discrimination based on genetic information differ between countries and may not cover every kind of insurance or employment.
- **Self-knowledge.** Some people find descriptions of their personality surprising or uncomfortable. Results are for research and personal interest; they are not a psychological or medical assessment, and this study does not report any health information from your genotype.

# 8. How your data is handled

- You are identified in the study by a random study ID, not by your name or email address.
- Your genotyping data stays in your Open Humans account; this project reads it only through the access you grant there, which you can revoke at any time.
- Study data is kept on secured servers, with access limited to the research team and to what the work needs.
- Results are published only for groups of people, never for an individual. De-identified data may be shared with other researchers studying the same question, only under an agreement that forbids any attempt to identify participants.
- Your data will never be sold, and will not be given to employers, insurers or advertisers.
- Data is kept until the study's results have been published and checked, and is then deleted or fully anonymised.

# 9. Taking part is voluntary; you can withdraw

You may stop at any time without giving a reason and without any consequence. To withdraw, remove this project's access on Open Humans; we will then no longer read your genetic data. You may also ask us to delete your study data. Results that have already been included in a published, group-level analysis cannot be taken out of it, but nothing new will be based on your data.

# 10. Review board

This study has been reviewed and approved by {{review-board-name}} (approval reference {{review-board-approval}}), an independent review board whose job is to protect the rights and welfare of research participants. If you have questions about your rights as a participant, or a concern you would like to raise with someone independent of the research team, you can contact the review board directly, without going through the research team: {{review-board-contact}}. Please give the approval reference when you do.

# 11. Questions

If you have questions about the study, now or later, please write to the research team at {{research-team-contact}}. You may print this form for your records.

# 12. Consent

By ticking the box below and choosing "Agree & Authorize Project", you confirm that you are 18 years of age or older, that you have read and understood this form, that your questions have been answered, and that you agree to take part in this study.
`;
