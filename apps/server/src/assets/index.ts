// The assets area's face to other areas (issue 20).
export { assetInScope, type AssetRow } from './asset-rows';
