import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '@study/query-provider';
import { StaffSessionProvider } from '../session/staff-session';

/** Renders an admin page at its address, as the shell would, with a query client and a staff session (read from the API served) of its own. */
export function renderPage(page: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <StaffSessionProvider>{page}</StaffSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
