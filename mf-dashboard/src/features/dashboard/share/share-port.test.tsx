import { browserSharePort, shareDialogUrl, type ShareEnvironment } from './share-port';

const MESSAGE = { text: "I'm an INTJ, the Independent Designer. #personality #dna", url: 'https://study.example.org/' };

function env(overrides: Partial<ShareEnvironment> = {}): ShareEnvironment & { log: jest.Mock } {
  return { log: jest.fn(), ...overrides } as ShareEnvironment & { log: jest.Mock };
}

describe('browserSharePort', () => {
  it("uses the device's share sheet when there is one", async () => {
    const share = jest.fn(async () => undefined);
    const open = jest.fn();
    const e = env({ navigator: { share }, open });
    await expect(browserSharePort(e).share(MESSAGE)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ text: MESSAGE.text, url: MESSAGE.url });
    expect(open).not.toHaveBeenCalled();
  });

  it("opens the social network's share dialog in a new window without a share sheet", async () => {
    const open = jest.fn(() => null);
    const e = env({ navigator: {}, open });
    await expect(browserSharePort(e).share(MESSAGE)).resolves.toBe('dialog');
    expect(open).toHaveBeenCalledWith(shareDialogUrl(MESSAGE), '_blank', expect.stringContaining('noopener'));
    const url = new URL(shareDialogUrl(MESSAGE));
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/sharer/sharer.php');
    expect(url.searchParams.get('u')).toBe(MESSAGE.url);
    expect(url.searchParams.get('quote')).toBe(MESSAGE.text);
  });

  it('falls back to the dialog when the share sheet fails, but not when the participant cancels it', async () => {
    const open = jest.fn();
    const failing = env({ navigator: { share: jest.fn(async () => Promise.reject(new Error('not allowed'))) }, open });
    await expect(browserSharePort(failing).share(MESSAGE)).resolves.toBe('dialog');
    expect(failing.log).toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);

    const abort = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    const cancelled = env({ navigator: { share: jest.fn(async () => Promise.reject(abort)) }, open });
    await expect(browserSharePort(cancelled).share(MESSAGE)).resolves.toBe('cancelled');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('only logs when nothing can share, or opening the dialog throws', async () => {
    const nothing = env();
    await expect(browserSharePort(nothing).share(MESSAGE)).resolves.toBe('unavailable');
    expect(nothing.log).toHaveBeenCalledTimes(1);

    const blocked = env({
      open: () => {
        throw new Error('blocked');
      },
    });
    await expect(browserSharePort(blocked).share(MESSAGE)).resolves.toBe('unavailable');
    expect(blocked.log).toHaveBeenCalledWith('The share dialog could not be opened.', expect.any(Error));
  });

  it('uses the browser by default: in a page without navigator.share it opens the dialog', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      await expect(browserSharePort().share(MESSAGE)).resolves.toBe('dialog');
      expect(open).toHaveBeenCalledWith(shareDialogUrl(MESSAGE), '_blank', expect.any(String));
    } finally {
      open.mockRestore();
    }
  });
});
