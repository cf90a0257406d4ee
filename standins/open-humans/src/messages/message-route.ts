import express, { Router, type Request, type Response } from 'express';
import type { Members } from '../members/members';
import { sendServerErrorPage } from '../pages/server-error-page';
import { projectApiAuth, type ProjectApiDeps, type ProjectApiLocals } from '../project/api-auth';
import { charField, checkboxValue, cleanProjectMemberIds, formDataOf, PlatformCrash, pyTruthy } from '../project/project-members-form';
import type { StoredMember } from '../state/store';
import type { ProjectMessages } from './project-messages';

export const MESSAGE_PATH = '/api/direct-sharing/project/message/';

/**
 * The project message call (ProjectMessageView with MessageProjectMembersForm): the project's
 * master token, or a member's own OAuth2 token, which can only message that member (its ids are
 * replaced by the member's own and all_members by false). Fields `subject` (optional; the
 * platform puts its prefix before it), `message` (required; {{ PROJECT_MEMBER_ID }} is replaced
 * for each member) and either `all_members` or `project_member_ids`, every id active in the
 * project. Answers `200 "success"`, or `400 {"errors": {field: [messages]}}` and nobody is sent anything.
 */
export function messageRoute(deps: ProjectApiDeps, members: Members, messages: ProjectMessages): Router {
  const router = Router();
  router.post(
    MESSAGE_PATH,
    express.json({ limit: '1mb' }),
    express.urlencoded({ extended: false, limit: '1mb' }),
    projectApiAuth(deps, 'oauth2-then-master'),
    (req: Request, res: Response<unknown, ProjectApiLocals>) => {
      let data: Record<string, unknown>;
      let ids: ReturnType<typeof cleanProjectMemberIds>;
      try {
        data = formDataOf(req);
        const { caller } = res.locals;
        if (caller.kind === 'member') {
          data.all_members = false;
          data.project_member_ids = [caller.member.projectMemberId];
        }
        ids = cleanProjectMemberIds(data, members);
      } catch (err) {
        if (!(err instanceof PlatformCrash)) throw err;
        sendServerErrorPage(res);
        return;
      }
      // Errors in the form's field order, then the form-wide ones.
      const errors: Record<string, string[]> = {};
      if (!ids.ok) errors.project_member_ids = [ids.error];
      const allMembers = checkboxValue(data, 'all_members');
      const subject = charField(data.subject);
      const message = charField(data.message);
      if (message === '') errors.message = ['This field is required.'];
      // MessageProjectMembersForm.clean looks at the raw ids, not the cleaned ones.
      const idsGiven = pyTruthy(data.project_member_ids);
      if (!allMembers && !idsGiven) errors.__all__ = ['You must specify either all members or provide a list of IDs.'];
      else if (allMembers && idsGiven) errors.__all__ = ['You must specify either all members or provide a list of IDs but not both.'];
      if (!ids.ok || Object.keys(errors).length > 0) {
        res.status(400).json({ errors });
        return;
      }
      const recipients: StoredMember[] = allMembers ? members.active() : ids.members;
      messages.deliver(
        recipients.map((m) => m.projectMemberId),
        subject,
        message,
      );
      res.json('success');
    },
  );
  return router;
}
