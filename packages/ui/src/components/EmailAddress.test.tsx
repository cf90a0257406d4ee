import { render } from '@testing-library/react';
import { EmailAddress } from './EmailAddress';

describe('EmailAddress', () => {
  it('keeps the local part and @domain whole, with a break allowed only between them', () => {
    const { container } = render(<EmailAddress address="study-team@study.localhost" />);
    const parts = [...container.querySelectorAll('.email-address__part')];
    expect(parts.map((part) => part.textContent)).toEqual(['study-team', '@study.localhost']);
    expect(container.textContent).toBe('study-team@study.localhost');
    expect(container.querySelectorAll('wbr')).toHaveLength(1);
    expect(parts[0]?.nextElementSibling?.tagName).toBe('WBR');
  });

  it('keeps something that is not an address whole', () => {
    const { container } = render(<EmailAddress address="no-address" className="extra" />);
    expect(container.querySelectorAll('.email-address__part')).toHaveLength(1);
    expect(container.querySelector('.extra')?.textContent).toBe('no-address');
    expect(container.querySelector('wbr')).toBeNull();
  });
});
