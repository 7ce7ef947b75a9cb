import { ConfigForm } from '../shared/ConfigForm';
import { QueryState } from '../shared/QueryState';
import { useSaveAndRefresh } from '../shared/useRefresh';
import { saveSetting, settingsKey, useSettings } from './api';
import { groupSettings } from './groups';

/** System settings (sign-in rewards, rebate rates, country codes, customer service, ...), one form each. */
export function SettingsSection() {
  const settings = useSettings();
  const refresh = useSaveAndRefresh(settingsKey);
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <QueryState isLoading={settings.isLoading} error={settings.error} />
      {groupSettings(settings.data ?? []).map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3>{group.title}</h3>
          <div className="admin-form-grid">
            {group.settings.map((setting) => (
              <ConfigForm
                key={setting.key}
                title={setting.label}
                fields={[{ name: 'value', label: setting.key, hint: setting.description, always: true }]}
                row={setting}
                fixed={{ key: setting.key }}
                save={(body) => refresh(() => saveSetting(body))}
                onReload={() => void settings.refetch()}
              />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}
