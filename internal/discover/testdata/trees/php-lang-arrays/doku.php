<?php
// the entry point, not a translation
require 'inc/lang/en/lang.php';
