// The tags area's face to other areas.
export { tagSql } from './tag-sql';
export { findTag } from './get-tag';
export { updateTag } from './update-tag';
export { toTag } from './tag-rows';
