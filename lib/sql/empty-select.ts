/** A SELECT node's body with every clause empty (polyglot wants each field present). */
export const EMPTY_SELECT = {
  from: null, joins: [], lateral_views: [], where_clause: null, group_by: null, having: null, qualify: null, order_by: null,
  distribute_by: null, cluster_by: null, sort_by: null, limit: null, offset: null, fetch: null, distinct: false, distinct_on: null,
  top: null, with: null, sample: null, windows: null, hint: null, connect: null, into: null, locks: [], leading_comments: [],
};
