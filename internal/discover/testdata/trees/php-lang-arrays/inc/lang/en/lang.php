<?php
/**
 * english language file
 *
 * @license    GPL 2 (http://www.gnu.org/licenses/gpl.html)
 * @author     Andreas Gohr <andi@splitbrain.org>
 * @author     Anika Henke <anika@selfthinker.org>
 * @author     Matthias Grimm <matthiasgrimm@users.sourceforge.net>
 * @author     Matthias Schulte <mailinglist@lupo49.de>
 */
$lang['encoding']              = 'utf-8';
$lang['direction']             = 'ltr';
$lang['doublequoteopening']    = '“'; //&ldquo;
$lang['doublequoteclosing']    = '”'; //&rdquo;
$lang['singlequoteopening']    = '‘'; //&lsquo;
$lang['singlequoteclosing']    = '’'; //&rsquo;
$lang['apostrophe']            = '’'; //&rsquo;

$lang['btn_edit']              = 'Edit this page';
$lang['btn_source']            = 'Show pagesource';
$lang['btn_show']              = 'Show page';
$lang['btn_create']            = 'Create this page';
$lang['btn_search']            = 'Search';
$lang['btn_save']              = 'Save';
$lang['btn_preview']           = 'Preview';
$lang['btn_top']               = 'Back to top';
$lang['btn_newer']             = '<< more recent';
$lang['btn_older']             = 'less recent >>';
$lang['btn_revs']              = 'Old revisions';
$lang['btn_recent']            = 'Recent Changes';
$lang['btn_upload']            = 'Upload';
$lang['btn_cancel']            = 'Cancel';
$lang['btn_index']             = 'Sitemap';
$lang['btn_secedit']           = 'Edit';
$lang['btn_login']             = 'Log In';
$lang['btn_logout']            = 'Log Out';
$lang['btn_admin']             = 'Admin';
$lang['btn_update']            = 'Update';
$lang['btn_delete']            = 'Delete';
$lang['btn_back']              = 'Back';
$lang['btn_backlink']          = 'Backlinks';
$lang['btn_subscribe']         = 'Manage Subscriptions';
$lang['btn_profile']           = 'Update Profile';
$lang['btn_reset']             = 'Reset';
$lang['btn_resendpwd']         = 'Set new password';
$lang['btn_draft']             = 'Edit draft';
$lang['btn_recover']           = 'Recover draft';
$lang['btn_draftdel']          = 'Delete draft';
$lang['btn_revert']            = 'Restore';
$lang['btn_register']          = 'Register';
$lang['btn_apply']             = 'Apply';
$lang['btn_media']             = 'Media Manager';
$lang['btn_deleteuser']        = 'Remove My Account';
$lang['btn_img_backto']        = 'Back to %s';
$lang['btn_mediaManager']      = 'View in media manager';

$lang['loggedinas']            = 'Logged in as:';
