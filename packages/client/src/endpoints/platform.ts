import type { ContentPage, ContentType, UploadedFile } from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** The platform's texts (the introduction pages) and the file store (an avatar, a support chat's image). */
export function platformEndpoints(http: HttpClient) {
  return {
    platform: {
      /** The introduction pages' text in the request's language (English when it has none). */
      getContentByType: (type: ContentType) => http.get<ContentPage>('/app/platform/info/getContentByType', { type }),
    },
    file: {
      upload: (file: Blob, fileName: string, call?: CallOptions) => http.upload<UploadedFile>('/file/upload', file, fileName, call),
    },
  };
}
