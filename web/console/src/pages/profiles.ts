import { api, need } from '../api.js';
import { useLoad } from '../hooks.js';

/** The profiles the session can see (a profile key: its own). */
export function useProfiles() {
  return useLoad(async () => need(await api().GET('/v1/profiles', {})).data, []);
}
