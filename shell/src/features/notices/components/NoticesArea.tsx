import { useClientState, useClientStore } from '@study/client-state';
import { Notice } from '@study/ui';

/**
 * The store's notices (each shown for 5 s by the store), in a fixed area under the header.
 * Danger and warning notices are alerts; the others are polite status messages.
 */
export function NoticesArea() {
  const notices = useClientState((state) => state.notices);
  const store = useClientStore();
  return (
    <div className="notices" aria-label="Notices" role="region">
      {notices.map((notice) => (
        <div key={notice.id} className="notices__item">
          <Notice style={notice.style} title={notice.message} />
          <button type="button" className="notices__close" onClick={() => store.dismissNotice(notice.id)} aria-label={`Dismiss: ${notice.message}`}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
