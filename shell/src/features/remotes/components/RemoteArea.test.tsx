import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteArea } from './RemoteArea';

function RemotePage() {
  return <h1>Remote page</h1>;
}

describe('RemoteArea', () => {
  it('shows a spinner, then the remote', async () => {
    const load = jest.fn(async () => RemotePage);
    render(<RemoteArea load={load} />);
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback when loading fails, and Retry loads again', async () => {
    const load = jest
      .fn<Promise<typeof RemotePage>, []>()
      .mockRejectedValueOnce(new Error('manifest answered 404'))
      .mockResolvedValueOnce(RemotePage);
    render(<RemoteArea load={load} />);
    expect(await screen.findByText('This part of the site could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Remote page' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('heading', { name: 'Remote page' })).toBeTruthy();
    expect(screen.queryByText('This part of the site could not be loaded.')).toBeNull();
  });

  it('keeps showing the fallback while retries keep failing', async () => {
    const load = jest.fn(async (): Promise<typeof RemotePage> => {
      throw new Error('script error');
    });
    render(<RemoteArea load={load} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('catches a remote that throws while rendering', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('render failed');
    }
    const load = jest.fn<Promise<() => never>, []>().mockResolvedValueOnce(Broken).mockResolvedValueOnce(Broken);
    render(<RemoteArea load={load} />);
    expect(await screen.findByText('This part of the site could not be loaded.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });

  it('shows a component loaded earlier without loading again', () => {
    const load = jest.fn(async () => RemotePage);
    render(<RemoteArea load={load} loaded={RemotePage} />);
    expect(screen.getByRole('heading', { name: 'Remote page' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });
});
