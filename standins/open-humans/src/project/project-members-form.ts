import type { Request } from 'express';
import type { Members } from '../members/members';
import type { StoredMember } from '../state/store';

/**
 * Where the platform's code raises something other than a validation error (a Python TypeError,
 * say): the call answers the platform's 500 page.
 */
export class PlatformCrash extends Error {}

/**
 * `request.data.copy()` as the platform's forms read it: a JSON object as sent, a form's fields by
 * their last value (QueryDict.get). A JSON body that is not an object has no `.copy()`/`.get()`
 * there, so it crashes.
 */
export function formDataOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new PlatformCrash('request.data is not a mapping');
  if (req.is('application/json')) return { ...(body as Record<string, unknown>) };
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([key, value]) => [key, Array.isArray(value) ? value.at(-1) : value]));
}

/** Python's truth value of a JSON or form value. */
export function pyTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Django's BooleanField with its CheckboxInput: absent is false, "true"/"false" in any case as named, any other value by its truth. */
export function checkboxValue(data: Record<string, unknown>, name: string): boolean {
  if (!Object.hasOwn(data, name)) return false;
  const value = data[name];
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
  }
  return pyTruthy(value);
}

/** Django's CharField cleaning: empty values give '', anything else its str(), stripped. */
export function charField(value: unknown): string {
  if (!pyTruthy(value) && value !== 0 && value !== false) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return (typeof value === 'number' ? String(value) : JSON.stringify(value)).trim();
}

export type MemberIdsCheck = { ok: true; members: StoredMember[] } | { ok: false; error: string };

/**
 * BaseProjectMembersForm.clean_project_member_ids: the raw value (a list is joined with commas; a
 * JSON value that is neither a string nor a list of strings makes the join raise), split on
 * spaces, commas and newlines; every id must be 8 or 16 characters long and belong to a member
 * active in the project, else the whole call is refused. The check compares counts, so an id
 * given twice is refused too (with an empty list of invalid ids, as the platform words it).
 */
export function cleanProjectMemberIds(data: Record<string, unknown>, members: Members): MemberIdsCheck {
  const raw = Object.hasOwn(data, 'project_member_ids') ? data.project_member_ids : '';
  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (Array.isArray(raw) && raw.every((id) => typeof id === 'string')) text = raw.join(',');
  else if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) text = Object.keys(raw).join(',');
  else throw new PlatformCrash('project_member_ids: can only join an iterable of str');
  const ids = text.split(/[ ,\r\n]+/).filter((id) => id !== '');
  // Python counts characters, not UTF-16 units.
  if (ids.some((id) => [...id].length !== 8 && [...id].length !== 16)) return { ok: false, error: 'Project member IDs are always 8 digits long.' };
  const wanted = new Set(ids);
  const found = members.active().filter((m) => wanted.has(m.projectMemberId));
  if (ids.length !== found.length) {
    const foundIds = new Set(found.map((m) => m.projectMemberId));
    return { ok: false, error: `Invalid project member ID(s): ${ids.filter((id) => !foundIds.has(id)).join(', ')}` };
  }
  return { ok: true, members: found };
}
