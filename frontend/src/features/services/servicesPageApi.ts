import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api, type ListServicesApiArg, type Page, type ServiceDto } from '../../api/client';
import { toPage } from '../../api/pagination';

/**
 * GET /api/services with its total: the generated `listServices` answers the bare array (the home
 * page and others use it), so this endpoint of the same URL and tags adds X-Total-Count.
 */
const servicesPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    listServicesPage: build.query<Page<ServiceDto>, ListServicesApiArg>({
      query: (queryArg) => ({ url: '/api/services', params: queryArg }),
      transformResponse: (services: ServiceDto[], meta) =>
        toPage(services, meta as FetchBaseQueryMeta | undefined),
      providesTags: ['services'],
    }),
  }),
});

export const { useListServicesPageQuery } = servicesPageApi;
