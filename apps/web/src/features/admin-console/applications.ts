/** The spec's display limit for each application list: the first page. */
export const APPLICATIONS_SHOWN = 5;
/** The pages after the first, read with "Load more". */
export const APPLICATIONS_PAGE = 20;
