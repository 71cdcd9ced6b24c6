/** SPEC §9: zone trees load 200 zones per page. */
export const ZONE_TREE_PAGE = 200;
