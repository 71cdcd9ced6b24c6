export { resolveCaller, roleAbilityCache } from './resolve-caller';
