<?php
// Locale
$_['code']                          = 'en-GB';
$_['direction']                     = 'ltr';
$_['date_format_short']             = 'd/m/Y';
$_['date_format_long']              = 'l jS F Y';
$_['time_format']                   = 'h:i:s A';
$_['datetime_format']               = 'd/m/Y H:i:s';
$_['decimal_point']                 = '.';
$_['thousand_point']                = ',';

// Text
$_['text_yes']                      = 'Yes';
$_['text_no']                       = 'No';
$_['text_on']                       = 'On';
$_['text_off']                      = 'Off';
$_['text_enable']                   = 'Enable';
$_['text_enabled']                  = 'Enabled';
$_['text_disable']                  = 'Disable';
$_['text_disabled']                 = 'Disabled';
$_['text_copy']                     = 'Copy';
$_['text_delete']                   = 'Delete';
$_['text_csv']                      = 'Download CSV';
$_['text_complete']                 = 'Complete Payments';
$_['text_none']                     = ' --- None --- ';
$_['text_select']                   = ' --- Please Select --- ';
$_['text_select_all']               = 'Select All';
$_['text_all']                      = 'All';
$_['text_unselect_all']             = 'Unselect All';
$_['text_with_selected']            = 'With Selected';
$_['text_all_zones']                = 'All Zones';
$_['text_default']                  = 'Default';
$_['text_close']                    = 'Close';
$_['text_pagination']               = 'Showing %d to %d of %d (%d Pages)';
$_['text_loading']                  = 'Loading...';
$_['text_no_results']               = 'No results!';
$_['text_confirm']                  = 'Are you sure?';
$_['text_home']                     = 'Home';
$_['text_second_ago']               = 'just now';
$_['text_seconds_ago']              = '%s seconds ago';
$_['text_minute_ago']               = '%s minute ago';
$_['text_minutes_ago']              = '%s minutes ago';
$_['text_hour_ago']                 = '%s hour ago';
$_['text_hours_ago']                = '%s hours ago';
