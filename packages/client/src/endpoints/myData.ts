import type { MyDataDeletable, MyDataFormat } from '@prism/domain';
import type { HttpClient } from '../http';

/** My data (docs/api.md, "My data"): the player's data export and their account's deletion. */
export function myDataEndpoints(http: HttpClient) {
  return {
    myData: {
      /** The whole export as a file: one JSON document, or one CSV file with a section column. */
      download: (format: MyDataFormat) => http.download('/app/user/myData/export', { format }),
      deletable: () => http.get<MyDataDeletable>('/app/user/myData/deletable'),
      remove: (form: { password: string; confirmation: string }) => http.post<null>('/app/user/myData/delete', form),
    },
  };
}
