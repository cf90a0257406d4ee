import express, { Router, type Response } from 'express';
import { formMemberId, INVALID_FORM_MEMBER, projectApiAuth, type ProjectApiDeps, type ProjectApiLocals } from '../project/api-auth';
import { charField } from '../project/project-members-form';
import type { Members } from './members';

export const UPLOAD_PATH = '/api/direct-sharing/project/files/upload/';
const MAX_DESCRIPTION = 100;

type FieldErrors = Record<string, string[]>;

interface ParsedMetadata {
  tags: string[];
  description: string;
}

function parseMetadata(raw: FormDataEntryValue | null, errors: FieldErrors): ParsedMetadata | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') {
    errors.metadata = ['This field is required.'];
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    errors.metadata = ['Enter valid JSON.'];
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.metadata = ['metadata must be a JSON object with "tags" and "description".'];
    return undefined;
  }
  const { tags, description } = value as { tags?: unknown; description?: unknown };
  const problems: string[] = [];
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) problems.push('"tags" is a required field of the metadata and must be a list of strings.');
  if (typeof description !== 'string' || description.trim() === '') problems.push('"description" is a required field of the metadata.');
  else if (description.length > MAX_DESCRIPTION) problems.push(`"description" must be at most ${MAX_DESCRIPTION} characters (it has ${description.length}).`);
  if (problems.length > 0) {
    errors.metadata = problems;
    return undefined;
  }
  return { tags: tags as string[], description: description as string };
}

function parseDatatypes(values: FormDataEntryValue[], errors: FieldErrors): string[] {
  // Optional: repeated fields, or one JSON list.
  const strings = values.filter((v): v is string => typeof v === 'string');
  if (strings.length === 1 && strings[0]!.trim().startsWith('[')) {
    try {
      const list: unknown = JSON.parse(strings[0]!);
      if (Array.isArray(list) && list.every((x) => typeof x === 'string')) return list;
    } catch {
      // reported below
    }
    errors.datatypes = ['Enter a JSON list of strings.'];
    return [];
  }
  return strings.filter((s) => s !== '');
}

/**
 * A project uploads a file to the member behind the access token (multipart: data_file +
 * metadata), or with the master token to the member named by `project_member_id`.
 */
export function uploadRoute(deps: ProjectApiDeps, members: Members, maxBytes: number): Router {
  const router = Router();

  router.post(
    UPLOAD_PATH,
    // Read the body before answering, so a refused client is not cut off mid-upload.
    // UPLOAD_MAX_BYTES is the stand-in's own guard: the platform sets no size limit on files
    // (Django's DATA_UPLOAD_MAX_MEMORY_SIZE leaves file data out); big uploads fail there by taking too long.
    express.raw({ type: () => true, limit: maxBytes }),
    projectApiAuth(deps, 'oauth2-then-master'),
    async (req, res: Response<unknown, ProjectApiLocals>) => {
      const contentType = req.get('content-type') ?? '';
      if (!/^multipart\/form-data\s*;/i.test(contentType) || !Buffer.isBuffer(req.body)) {
        res.status(415).json({ detail: `Unsupported media type "${contentType}" in request.` });
        return;
      }
      let form: FormData;
      try {
        // The runtime's own multipart parser, so no extra dependency is needed.
        form = await new Request('http://standin.invalid/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(req.body) }).formData();
      } catch {
        res.status(400).json({ detail: 'Multipart form parse error.' });
        return;
      }

      // In the platform form's field order: project_member_id, metadata, datatypes, data_file.
      const errors: FieldErrors = {};
      const memberId = formMemberId(res.locals.caller, charField(form.get('project_member_id')));
      if (memberId === '') errors.project_member_id = ['This field is required.'];
      const metadata = parseMetadata(form.get('metadata'), errors);
      const datatypes = parseDatatypes(form.getAll('datatypes'), errors);
      const dataFile = form.get('data_file');
      if (!(dataFile instanceof Blob)) errors.data_file = ['No file was submitted.'];
      else if (dataFile.size === 0) errors.data_file = ['The submitted file is empty.'];
      if (Object.keys(errors).length > 0 || !(dataFile instanceof Blob) || !metadata) {
        res.status(400).json(errors);
        return;
      }
      const member = members.get(memberId);
      if (!member?.authorized) {
        res.status(400).json(INVALID_FORM_MEMBER);
        return;
      }

      const basename = (dataFile instanceof File && dataFile.name ? dataFile.name : 'upload').split(/[\\/]/).pop() || 'upload';
      const stored = members.addProjectUpload(member, {
        basename,
        datatypes,
        tags: metadata.tags,
        description: metadata.description,
        contentType: dataFile.type || 'application/octet-stream',
        content: Buffer.from(await dataFile.arrayBuffer()),
      });
      res.status(201).json({ id: stored.id });
    },
  );

  return router;
}
