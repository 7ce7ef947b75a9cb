import type { NotificationSettingsView } from '@prism/domain';
import type { HttpClient } from '../http';

/** The notifications a player chooses (docs/api.md, "Notifications"). */
export interface NotificationChoiceForm {
  results: boolean;
  income: boolean;
  reminder: boolean;
  notices: boolean;
  reminderTime: string;
  timeZone: string;
  /** Confirms a reminder time in the quiet hours (22:00 to 08:00). */
  night?: boolean;
}

export function notifyEndpoints(http: HttpClient) {
  return {
    notifications: {
      get: () => http.get<NotificationSettingsView>('/app/user/notifications'),
      save: (form: NotificationChoiceForm) =>
        http.post<NotificationSettingsView>('/app/user/notifications', {
          results: String(form.results),
          income: String(form.income),
          reminder: String(form.reminder),
          notices: String(form.notices),
          reminderTime: form.reminderTime,
          timeZone: form.timeZone,
          night: String(form.night ?? false),
        }),
    },
  };
}
