/** GitHub's license records (key + display name) for the SPDX ids used in the dataset. */
const LICENSE_NAMES: Record<string, string> = {
  MIT: 'MIT License',
  'Apache-2.0': 'Apache License 2.0',
  'BSD-3-Clause': 'BSD 3-Clause "New" or "Revised" License',
  'BSD-2-Clause': 'BSD 2-Clause "Simplified" License',
  'AGPL-3.0': 'GNU Affero General Public License v3.0',
  'GPL-3.0': 'GNU General Public License v3.0',
  'GPL-2.0': 'GNU General Public License v2.0',
  'LGPL-2.1': 'GNU Lesser General Public License v2.1',
  'LGPL-3.0': 'GNU Lesser General Public License v3.0',
  'MPL-2.0': 'Mozilla Public License 2.0',
  Unlicense: 'The Unlicense',
  ISC: 'ISC License',
  'CC-BY-4.0': 'Creative Commons Attribution 4.0 International',
  'CC0-1.0': 'Creative Commons Zero v1.0 Universal',
  '0BSD': 'BSD Zero Clause License',
  'BSL-1.0': 'Boost Software License 1.0',
  'EPL-2.0': 'Eclipse Public License 2.0',
};

export interface LicenseInfo {
  key: string;
  name: string;
  spdx_id: string;
}

export function licenseInfo(spdx: string | null): LicenseInfo | null {
  if (!spdx) return null;
  return { key: spdx.toLowerCase(), name: LICENSE_NAMES[spdx] ?? spdx, spdx_id: spdx };
}
