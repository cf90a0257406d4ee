import type { ReactNode } from 'react';

export interface PageProps {
  title: string;
  /** A short paragraph under the heading. */
  lead?: ReactNode;
  /** 'narrow' suits forms and long reading; 'wide' suits dashboards. */
  width?: 'narrow' | 'wide';
  children?: ReactNode;
}

/** The frame of one screen: a centred column with the page's single <h1>. */
export function Page({ title, lead, width = 'narrow', children }: PageProps) {
  return (
    <div className={`page page--${width}`}>
      <h1 className="page__title">{title}</h1>
      {lead && <p className="page__lead">{lead}</p>}
      {children}
    </div>
  );
}
