export interface EmailAddressProps {
  address: string;
  className?: string;
}

/**
 * An e-mail address that wraps only before its '@': the local part and '@domain' each stay whole
 * (a study ID never loses its last character to a line of its own, 'study-team' never breaks at
 * its hyphen), with a line break allowed between them.
 */
export function EmailAddress({ address, className }: EmailAddressProps) {
  const at = address.lastIndexOf('@');
  const classes = ['email-address', className].filter(Boolean).join(' ');
  if (at <= 0) return <span className={`${classes} email-address__part`}>{address}</span>;
  return (
    <span className={classes}>
      <span className="email-address__part">{address.slice(0, at)}</span>
      <wbr />
      <span className="email-address__part">{address.slice(at)}</span>
    </span>
  );
}
