// The names and types the server and this app's server rendering share; the server owns them.
export {
  COLOR_MODE_COOKIE,
  COLOR_MODE_STORAGE_KEY,
  THEME_PENDING_ATTRIBUTE,
  SERVER_STATE_ELEMENT_ID,
  SESSION_HINT_COOKIE,
  type ColorMode,
  type PageRenderer,
  type PageRequest,
  type RenderedPage,
} from '../../../backend/src/spa/page-contract';
