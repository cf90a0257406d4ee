import { fetchRemotesConfig, parseRemotesConfig, RemotesConfigError } from './remotes-config';

const VALID = {
  remotes: [
    { name: 'mf_consent', entry: '/mf/consent/mf-manifest.json', paths: ['/consent', '/return', '/how-it-works'] },
    { name: 'mf_admin', entry: 'https://cdn.example.org/admin/mf-manifest.json', paths: ['/mbti-load', '/ready-csv/'] },
  ],
};

describe('parseRemotesConfig', () => {
  it('reads the remote list, dropping trailing slashes from paths', () => {
    expect(parseRemotesConfig(VALID)).toEqual([
      VALID.remotes[0],
      { name: 'mf_admin', entry: 'https://cdn.example.org/admin/mf-manifest.json', paths: ['/mbti-load', '/ready-csv'] },
    ]);
  });

  it.each([
    ['not an object', []],
    ['no remotes list', { remote: [] }],
    ['a bad name', { remotes: [{ name: 'mf-consent', entry: '/x.json', paths: ['/consent'] }] }],
    ['no entry', { remotes: [{ name: 'mf_consent', paths: ['/consent'] }] }],
    ['no paths', { remotes: [{ name: 'mf_consent', entry: '/x.json', paths: [] }] }],
    ['the root path', { remotes: [{ name: 'mf_consent', entry: '/x.json', paths: ['/'] }] }],
    ['a relative path', { remotes: [{ name: 'mf_consent', entry: '/x.json', paths: ['consent'] }] }],
    [
      'a name twice',
      {
        remotes: [
          { name: 'mf_consent', entry: '/x.json', paths: ['/consent'] },
          { name: 'mf_consent', entry: '/y.json', paths: ['/return'] },
        ],
      },
    ],
  ])('rejects %s', (_case, json) => {
    expect(() => parseRemotesConfig(json)).toThrow(RemotesConfigError);
  });
});

describe('fetchRemotesConfig', () => {
  it('asks for /remotes.json without caching', async () => {
    const fetchImpl = jest.fn(async () => ({ ok: true, status: 200, json: async () => VALID }) as Response);
    await expect(fetchRemotesConfig(fetchImpl)).resolves.toHaveLength(2);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
  });

  it('reports an error status', async () => {
    const fetchImpl = jest.fn(async () => ({ ok: false, status: 404, json: async () => ({}) }) as Response);
    await expect(fetchRemotesConfig(fetchImpl)).rejects.toThrow('/remotes.json answered 404.');
  });
});
