import type { ReactNode } from 'react';

export type NoticeStyle = 'info' | 'success' | 'warning' | 'danger';

export interface NoticeProps {
  style?: NoticeStyle;
  title?: string;
  children?: ReactNode;
}

/** A coloured message box. Warnings and errors are announced at once (role="alert"). */
export function Notice({ style = 'info', title, children }: NoticeProps) {
  const urgent = style === 'danger' || style === 'warning';
  return (
    <div className={`notice notice--${style}`} role={urgent ? 'alert' : 'status'}>
      {title && <p className="notice__title">{title}</p>}
      {children && <div className="notice__body">{children}</div>}
    </div>
  );
}
