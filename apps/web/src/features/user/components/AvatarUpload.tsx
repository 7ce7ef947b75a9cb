import type { UserInfo } from '@prism/domain';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/Avatar';
import { errorMessage } from '../../../lib/api';
import { toast, toastError } from '../../../lib/toast';
import { useUploadAvatar } from '../api/uploadAvatar';
import { displayName } from '../displayName';

/** The avatar with a file picker (images only): upload, then save the new picture's URL. */
export function AvatarUpload({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => toast(t('common.updated')),
      onError: (error) => toastError(errorMessage(error)),
    });
  };

  return (
    <section className="profile-head">
      <Avatar src={user.headUrl || undefined} name={displayName(user)} size="l" />
      <label className="btn btn-ghost btn-small file-button">
        {upload.isPending ? t('profile.uploading') : t('profile.changeAvatar')}
        <input
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={pick}
          disabled={upload.isPending}
          aria-label={t('profile.changeAvatar')}
        />
      </label>
    </section>
  );
}
