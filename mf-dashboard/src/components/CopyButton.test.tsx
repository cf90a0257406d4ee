import { act, fireEvent, render, screen } from '@testing-library/react';
import { COPIED_LABEL_MS, CopyButton } from './CopyButton';

const EMAIL = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b@study.example.org';

function useClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};

describe('CopyButton', () => {
  it("copies the text and reads 'Copied' for 2 seconds", async () => {
    jest.useFakeTimers();
    const writeText = jest.fn(async () => undefined);
    useClipboard(writeText);
    render(<CopyButton text={EMAIL} label="Copy ID" />);
    await click('Copy ID');
    expect(writeText).toHaveBeenCalledWith(EMAIL);
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => {
      jest.advanceTimersByTime(COPIED_LABEL_MS - 1);
    });
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole('button').textContent).toBe('Copy ID');
    expect(COPIED_LABEL_MS).toBe(2000);
  });

  it('a second copy starts the 2 seconds again', async () => {
    jest.useFakeTimers();
    useClipboard(jest.fn(async () => undefined));
    render(<CopyButton text={EMAIL} label="Copy ID" />);
    await click('Copy ID');
    act(() => {
      jest.advanceTimersByTime(1500);
    });
    await click('Copied');
    act(() => {
      jest.advanceTimersByTime(1500);
    });
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => {
      jest.advanceTimersByTime(500);
    });
    expect(screen.getByRole('button').textContent).toBe('Copy ID');
  });

  it('a copy failure is only logged: the label stays', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    useClipboard(jest.fn(async () => Promise.reject(new Error('denied'))));
    render(<CopyButton text={EMAIL} label="Copy ID" />);
    await click('Copy ID');
    expect(screen.getByRole('button').textContent).toBe('Copy ID');
    expect(logged).toHaveBeenCalledWith('Could not copy to the clipboard:', expect.any(Error));
  });

  it('a browser without clipboard access is logged too', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<CopyButton text={EMAIL} label="Copy" />);
    await click('Copy');
    expect(screen.getByRole('button').textContent).toBe('Copy');
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
