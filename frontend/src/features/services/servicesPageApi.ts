import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type ListServicesApiArg, type ServiceDto } from '../../api/client';

export interface ServicesPage {
  services: ServiceDto[];
  /** All services matching the query, from the X-Total-Count header. */
  total: number;
}

/**
 * GET /api/services with its total: the generated `listServices` drops the response headers, so
 * this endpoint reads X-Total-Count in transformResponse. Same URL, tags and cache rules.
 */
const servicesPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    listServicesPage: build.query<ServicesPage, ListServicesApiArg>({
      query: (queryArg) => ({ url: '/api/services', params: queryArg }),
      transformResponse: (services: ServiceDto[], meta) => {
        const header = (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(
          'X-Total-Count',
        );
        return { services, total: header ? Number(header) : services.length };
      },
      providesTags: ['services'],
    }),
  }),
});

export const { useListServicesPageQuery } = servicesPageApi;
