<?php
define('ERROR_UNABLE_TO_DELETE_FILE', 'Failed to delete old file: %s');
define('ERROR_UNABLE_TO_REMOVE_DIR', 'Failed to remove old directory: %s');
define('ERROR_UNSUPPORTED_ZC_VERSION', 'Installation failed; Zen Cart 2.2.0 (or later) required.');
