// The tags area's face to other areas.
export { tagSql } from './tag-sql';
