import { act, render, screen } from '@testing-library/react';
import { focusManager, QueryClientProvider, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createQueryClient, QueryProvider } from './query-client';

describe('createQueryClient', () => {
  it('does not retry a failed query or mutation', async () => {
    const client = createQueryClient({ gcTime: Infinity });
    const read = jest.fn(async () => Promise.reject(new Error('down')));
    await expect(client.fetchQuery({ queryKey: ['read'], queryFn: read })).rejects.toThrow('down');
    expect(read).toHaveBeenCalledTimes(1);
    const write = jest.fn(async () => Promise.reject(new Error('refused')));
    await expect(client.getMutationCache().build(client, { mutationFn: write }).execute(undefined)).rejects.toThrow('refused');
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('keeps unused data as long as it is told to', () => {
    expect(createQueryClient({ gcTime: Infinity }).getDefaultOptions().queries?.gcTime).toBe(Infinity);
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBeUndefined();
  });
});

function Reader({ read }: { read: () => Promise<string> }) {
  const query = useQuery({ queryKey: ['text'], queryFn: read });
  return <p>{query.data ?? 'loading'}</p>;
}

let seen: QueryClient | undefined;
function ClientSeen() {
  seen = useQueryClient();
  return null;
}

describe('QueryProvider', () => {
  afterEach(() => {
    seen = undefined;
    focusManager.setFocused(undefined);
  });

  it('gives its children one client, which does not fetch again when the window gets the focus', async () => {
    const read = jest.fn(async () => 'the text');
    await act(async () => {
      render(
        <QueryProvider>
          <Reader read={read} />
        </QueryProvider>,
      );
    });
    expect(await screen.findByText('the text')).toBeTruthy();
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("uses the client already in place (a test's) instead of its own", () => {
    const outer = createQueryClient({ gcTime: Infinity });
    render(
      <QueryClientProvider client={outer}>
        <QueryProvider>
          <ClientSeen />
        </QueryProvider>
      </QueryClientProvider>,
    );
    expect(seen).toBe(outer);
  });
});
