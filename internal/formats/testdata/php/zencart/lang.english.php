<?php
// -----
// Since the languages are now loaded via classes, the $locales definition
// needs to be globalized for use in payment-methods (e.g. paypalwpp) and
// other processing.
//
global $locales;
$locales = ['en_US', 'en_US.utf8', 'en', 'English_United States.1252'];
@setlocale(LC_TIME, $locales);

$define_locales = [
    'CHARSET' => 'utf-8',
    'DATE_FORMAT' => 'm/d/Y',
    'DATE_FORMAT_LONG' => '%A %d %B, %Y',
    'DATE_TIME_FORMAT_WITHOUT_SECONDS' => '%m/%d/%Y %H:%M',
    'DOB_FORMAT_STRING' => 'mm/dd/yyyy',
    'ENTRY_DATE_OF_BIRTH_ERROR' => 'Is your birth date correct? Our system requires the date in this format: MM/DD/YYYY (eg 05/21/1970)',
    'ENTRY_DATE_OF_BIRTH_TEXT' => '* (eg. 05/21/1970)',
];

$define = [
    'ARIA_DELETE_ITEM_FROM_CART' => 'Delete this item from the cart',
    'ARIA_EDIT_QTY_IN_CART' => 'Edit quantity in cart',
    'ARIA_PAGINATION_' => '',
    'ARIA_PAGINATION_CURRENTLY_ON' => ', now on page %s',
    'ARIA_PAGINATION_CURRENT_PAGE' => 'Current Page',
    'ARIA_PAGINATION_ELLIPSIS_NEXT' => 'Get next group of pages',
    'ARIA_PAGINATION_ELLIPSIS_PREVIOUS' => 'Get previous group of pages',
    'ARIA_PAGINATION_GOTO' => 'Go to ',
    'ARIA_PAGINATION_NEXT_PAGE' => 'Go to Next Page',
    'ARIA_PAGINATION_PAGE_NUM' => 'Page %s',
    'ARIA_PAGINATION_PREVIOUS_PAGE' => 'Go to Previous Page',
    'ARIA_PAGINATION_ROLE_LABEL_FOR' => '%s Pagination',
    'ARIA_PAGINATION_ROLE_LABEL_GENERAL' => 'Pagination',
    'ARIA_QTY_ADD_TO_CART' => 'Enter quantity to add to cart',
    'ASK_A_QUESTION' => 'Ask a question about this item',
    'ATTRIBUTES_PRICE_DELIMITER_PREFIX' => ' ( ',
    'ATTRIBUTES_PRICE_DELIMITER_SUFFIX' => ' )',
    'ATTRIBUTES_WEIGHT_DELIMITER_PREFIX' => ' (',
    'ATTRIBUTES_WEIGHT_DELIMITER_SUFFIX' => ') ',
    'BOX_HEADING_BANNER_BOX' => 'Sponsors',
    'BOX_HEADING_BANNER_BOX2' => 'Have you seen ...',
    'BOX_HEADING_BANNER_BOX_ALL' => 'Sponsors',
    'BOX_HEADING_BESTSELLERS' => 'Bestsellers',
    'BOX_HEADING_BRANDS' => 'Shop by Brand',
    'BOX_HEADING_CATEGORIES' => 'Categories',
    'BOX_HEADING_CURRENCIES' => 'Currencies',
    'BOX_HEADING_CUSTOMER_ORDERS' => 'Quick Re-Order',
    'BOX_HEADING_FEATURED_CATEGORIES' => 'Featured Categories',
    'BOX_HEADING_FEATURED_PRODUCTS' => 'Featured',
    'BOX_HEADING_INFORMATION' => 'Information',
];

return $define;
