/** Word lists the generators combine into fictional logins, issue titles and release names. */

export const FIRST_NAMES = [
  'amara', 'bastien', 'chioma', 'dario', 'elif', 'farid', 'greta', 'hiro', 'ines', 'jonas',
  'kaveh', 'leila', 'mateo', 'nadia', 'oskar', 'priya', 'quentin', 'rosa', 'sven', 'tamsin',
  'uma', 'viktor', 'wen', 'ximena', 'yusuf', 'zofia', 'arjun', 'beatriz', 'colm', 'dalia',
  'emeka', 'fenna', 'goran', 'hana', 'ilya', 'juno', 'kofi', 'liv', 'marek', 'noor',
  'odile', 'pavel', 'rui', 'saanvi', 'tomas', 'ugo', 'vera', 'wiktor', 'yara', 'zeno',
];

export const LAST_NAMES = [
  'okafor', 'lindqvist', 'moreau', 'tanaka', 'haddad', 'kowalczyk', 'ferreira', 'novak', 'achebe', 'brandt',
  'castillo', 'devlin', 'eriksen', 'fontaine', 'gallo', 'horvath', 'ivanova', 'jensen', 'kimura', 'laine',
  'mendes', 'nakamura', 'oduya', 'petrov', 'quinlan', 'rahman', 'sato', 'torres', 'ueda', 'vasquez',
  'whitlock', 'xu', 'yilmaz', 'zimmer', 'abara', 'bianchi', 'cruz', 'dubois', 'esposito', 'fischer',
];

export const LOGIN_SUFFIXES = ['', '', '', 'dev', 'codes', 'io', 'hq', 'lab', 'oss', 'x'];

export const CITIES = [
  'Lisbon, Portugal', 'Nairobi, Kenya', 'Osaka, Japan', 'Montreal, Canada', 'Tallinn, Estonia',
  'Bogotá, Colombia', 'Melbourne, Australia', 'Berlin, Germany', 'Pune, India', 'Lagos, Nigeria',
];

export const ISSUE_VERBS = ['Improve', 'Add', 'Fix', 'Document', 'Clarify', 'Support', 'Refactor', 'Remove', 'Update', 'Test'];

export const ISSUE_SUBJECTS = [
  'error message when the config file is missing', 'typo in the getting started guide',
  'example for custom plugins', 'type definitions for the public API', 'unit tests for the parser',
  'broken link in CONTRIBUTING.md', 'dark mode colours in the docs site', 'support for Windows paths',
  'help output of the CLI', 'deprecation warning on startup', 'logging of retry attempts',
  'benchmark for large inputs', 'handling of empty responses', 'locale-aware number formatting',
  'keyboard navigation in the demo', 'timeout option for network calls', 'README badges',
  'installation steps for Apple Silicon', 'flaky integration test on CI', 'unused dependency',
];

export const PR_PREFIXES = ['fix:', 'docs:', 'feat:', 'chore:', 'test:', 'refactor:'];

export const LABEL_POOL: { name: string; color: string; description: string | null; default: boolean }[] = [
  { name: 'good first issue', color: '7057ff', description: 'Good for newcomers', default: true },
  { name: 'help wanted', color: '008672', description: 'Extra attention is needed', default: true },
  { name: 'bug', color: 'd73a4a', description: "Something isn't working", default: true },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request', default: true },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation', default: true },
  { name: 'question', color: 'd876e3', description: 'Further information is requested', default: true },
  { name: 'tests', color: 'fbca04', description: 'Test coverage and tooling', default: false },
  { name: 'performance', color: 'f9d0c4', description: null, default: false },
  { name: 'dependencies', color: '0366d6', description: 'Pull requests that update a dependency file', default: false },
  { name: 'area: cli', color: 'c5def5', description: null, default: false },
  { name: 'area: docs', color: 'bfdadc', description: null, default: false },
  { name: 'needs triage', color: 'ededed', description: null, default: false },
];

export const RELEASE_WORDS = ['Aurora', 'Basalt', 'Cobalt', 'Drift', 'Ember', 'Fjord', 'Granite', 'Harbor', 'Indigo', 'Juniper'];
