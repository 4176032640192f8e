package testutil

// PHPFiles holds a component of each PHP format: PHP arrays and define() (a
// template with a comment and an empty text, a German translation missing a
// key) and Laravel's returned array with "|" plurals.
var PHPFiles = map[string]string{
	"lang/en/messages.php": "<?php\n// Shown on the start page\n$lang['welcome'] = 'Welcome';\n" +
		"$lang['greeting'] = \"Hello %s, how are you?\";\n$lang['empty'] = '';\n" +
		"define('FAREWELL', 'Good bye');\n$lang['menu'] = array('file' => 'File', 'edit' => 'Edit');\n",
	"lang/de/messages.php": "<?php\n$lang['welcome'] = 'Willkommen';\n$lang['greeting'] = '';\n" +
		"define('FAREWELL', 'Auf Wiedersehen');\n$lang['menu'] = array('file' => 'Datei');\n",
	"resources/lang/en/messages.php": "<?php\n\nreturn [\n    'apples' => ':count apple|:count apples',\n" +
		"    'title' => 'Orchard',\n    'nested' => ['ok' => 'OK'],\n];\n",
	"resources/lang/de/messages.php": "<?php\n\nreturn [\n    'apples' => ':count Apfel|:count Äpfel',\n" +
		"    'title' => '',\n    'nested' => ['ok' => 'OK'],\n];\n",
}

// PHPConfig reads PHPFiles: project demo with components php and laravel.
const PHPConfig = `projects:
  - name: Demo
    slug: demo
    components:
      - name: PHP
        slug: php
        repo: REPO
        filemask: lang/*/messages.php
        template: lang/en/messages.php
        file_format: php
      - name: Laravel
        slug: laravel
        repo: REPO
        filemask: resources/lang/*/messages.php
        template: resources/lang/en/messages.php
        file_format: laravel
`
