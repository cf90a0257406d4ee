import { approvalForm } from './open-humans-member';

// An authorize page as Open Humans (and its stand-in) serves it: the request's parameters as hidden
// fields, the suggested member, the sources with 23andMe checked.
const page = `<main><form method="post" action="/direct-sharing/projects/oauth2/authorize/">
<input type="hidden" name="client_id" value="study">
<input type="hidden" name="state" value="a&amp;b">
<input type="hidden" name="code_challenge" value="E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM">
<input id="member" name="member" value="31415926">
<input type="checkbox" name="sources" value="direct-sharing-128" checked>
<input type="checkbox" name="sources" value="direct-sharing-138">
</form></main>`;
const pageUrl = new URL('http://oh.example/direct-sharing/projects/oauth2/authorize/?client_id=study');

describe("approvalForm (what a member's browser posts from the authorize page)", () => {
  it("posts the page's hidden fields back, unescaped, with the suggested member, the checked sources and the decision", () => {
    const { action, memberId, form } = approvalForm(page, pageUrl);
    expect(action.toString()).toBe('http://oh.example/direct-sharing/projects/oauth2/authorize/');
    expect(memberId).toBe('31415926');
    expect([...form.entries()]).toEqual([
      ['client_id', 'study'],
      ['state', 'a&b'],
      ['code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
      ['member', '31415926'],
      ['sources', 'direct-sharing-128'],
      ['decision', 'authorize'],
    ]);
  });

  it('approves as another member with the sources asked for', () => {
    const { memberId, form } = approvalForm(page, pageUrl, { member: '27182818', sources: ['direct-sharing-128', 'direct-sharing-138'] });
    expect(memberId).toBe('27182818');
    expect(form.get('member')).toBe('27182818');
    expect(form.getAll('sources')).toEqual(['direct-sharing-128', 'direct-sharing-138']);
  });

  it('refuses a page without a form or without a member to approve as', () => {
    expect(() => approvalForm('<p>Not found</p>', pageUrl)).toThrow('The authorize page has no form');
    expect(() => approvalForm('<form action="/x"></form>', pageUrl)).toThrow('The authorize page suggests no member');
  });
});
