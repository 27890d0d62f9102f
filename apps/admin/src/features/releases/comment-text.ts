import type { TFunction } from 'i18next';
import type { ChangeRequestComment } from '@gridline/contracts/settings-parts';

/**
 * What a change request's comment says in the reader's language: a person's comment as written;
 * a system comment from its key and parameters (decision 0061): the part by its name, an error
 * key by its text (as `errorMessage` finds it). A system comment stored before the keys has only
 * its English sentence, which is shown.
 */
export function commentText(t: TFunction, comment: Pick<ChangeRequestComment, 'text' | 'system' | 'systemKey' | 'params'>): string {
  if (!comment.system || !comment.systemKey) return comment.text;
  const { part, error } = comment.params ?? {};
  return t(`releases.comments.systemTexts.${comment.systemKey}`, {
    part: part ? t(`releases.partNames.${part}`, { defaultValue: part }) : '',
    error: error ? t([`admin:errors.${error}`, `shared:errors.${error}`, 'shared:errors.unknownError']) : '',
    defaultValue: comment.text,
  });
}
