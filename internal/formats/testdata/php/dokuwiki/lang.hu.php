<?php

/**
 * @license    GPL 2 (http://www.gnu.org/licenses/gpl.html)
 *
 * @author Fekete Ádám Zsolt <fadam@egbcsoport.hu>
 * @author Hamp Gábor <gabor.hamp@gmail.com>
 * @author Viktor Horváth <horvath.viktor@forrastrend.hu>
 * @author Ziegler Gábor <gziegler@freemail.hu>
 * @author Sandor TIHANYI <stihanyi+dw@gmail.com>
 * @author Siaynoq Mage <siaynoqmage@gmail.com>
 * @author schilling.janos <schilling.janos@gmail.com>
 * @author Szabó Dávid <szabo.david@gyumolcstarhely.hu>
 * @author Marton Sebok <sebokmarton@gmail.com>
 * @author Serenity87HUN <anikototh87@gmail.com>
 * @author Marina Vladi <deldadam@gmail.com>
 * @author Mátyás Jani <jzombi@gmail.com>
 * @author Szíjártó Levente Pál <szijartoleventepal@gmail.com>
 */
$lang['encoding']              = 'utf-8';
$lang['direction']             = 'ltr';
$lang['doublequoteopening']    = '„';
$lang['doublequoteclosing']    = '”';
$lang['singlequoteopening']    = '';
$lang['singlequoteclosing']    = '’';
$lang['apostrophe']            = '’';
$lang['btn_edit']              = 'Oldal szerkesztése';
$lang['btn_source']            = 'Oldal forrásának megtekintése';
$lang['btn_show']              = 'Oldal megtekintése';
$lang['btn_create']            = 'Oldal létrehozása';
$lang['btn_search']            = 'Keresés';
$lang['btn_save']              = 'Mentés';
$lang['btn_preview']           = 'Előnézet';
$lang['btn_top']               = 'Vissza a tetejére';
$lang['btn_newer']             = '<< Újabb változat';
$lang['btn_older']             = 'Régebbi változat >>';
$lang['btn_revs']              = 'Korábbi változatok';
$lang['btn_recent']            = 'Legfrissebb változtatások';
$lang['btn_upload']            = 'Feltöltés';
$lang['btn_cancel']            = 'Mégse';
$lang['btn_index']             = 'Tárgymutató';
$lang['btn_secedit']           = 'Szerkesztés';
$lang['btn_login']             = 'Bejelentkezés';
$lang['btn_logout']            = 'Kijelentkezés';
$lang['btn_admin']             = 'Admin';
$lang['btn_update']            = 'Frissítés';
$lang['btn_delete']            = 'Törlés';
$lang['btn_back']              = 'Vissza';
$lang['btn_backlink']          = 'Hivatkozások';
$lang['btn_subscribe']         = 'Feliratkozás az oldalváltozásokra';
$lang['btn_profile']           = 'Személyes beállítások';
$lang['btn_reset']             = 'Alaphelyzet';
$lang['btn_resendpwd']         = 'Jelszó megváltoztatása';
$lang['btn_draft']             = 'Piszkozat szerkesztése';
$lang['btn_recover']           = 'Piszkozat helyreállítása';
$lang['btn_draftdel']          = 'Piszkozat törlése';
$lang['btn_revert']            = 'Helyreállítás';
$lang['btn_register']          = 'Regisztráció';
$lang['btn_apply']             = 'Alkalmaz';
$lang['btn_media']             = 'Médiakezelő';
$lang['btn_deleteuser']        = 'Felhasználói fiók eltávolítása';
$lang['btn_img_backto']        = 'Vissza a következőhöz: %s';
$lang['btn_mediaManager']      = 'Megtekintés a médiakezelőben';
$lang['loggedinas']            = 'Bejelentkezve, mint';
