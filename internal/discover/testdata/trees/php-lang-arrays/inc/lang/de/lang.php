<?php

/**
 * @license    GPL 2 (http://www.gnu.org/licenses/gpl.html)
 *
 * @author Andreas Gohr <andi@splitbrain.org>
 * @author Niclas Tittl <niclas.tittl@msn.com>
 * @author Jürgen Mayer <gro.ikiwukod@x.wellen.org>
 * @author Xrizzy <xrizzy@web.de>
 * @author Kurt Singer <webmaster@kurt-singer.com>
 * @author Robert Riebisch <rr@bttr-software.de>
 * @author Markus Glaser <glaser@hallowelt.com>
 * @author Axel Schwarzer <SchwarzerA@gmail.com>
 * @author Eric Haberstroh <ehaberstroh@gmail.com>
 * @author C!own77 <clown77@posteo.de>
 * @author Anonymous <anonymous@example.org>
 * @author Michaelsy <github@informantum.de>
 * @author Benjamin Molitor <bmolitor@uos.de>
 * @author Alex Beck <alex@4becks.com>
 * @author Jürgen Fredriksson <jfriedrich@gmx.at>
 * @author Sebastian Engel <mail@engel-s.de>
 * @author Karl_de_Hall <Karl.Grohmueller@sonnenhof-sha.de>
 * @author Michael Bohn <mjbohn@gmail.com>
 * @author Joel Strasser <strasser999@gmail.com>
 * @author Joerg <scooter22@gmx.de>
 * @author Christof <gagi@fin.de>
 * @author Anika Henke <anika@selfthinker.org>
 * @author Esther Brunner <esther@kaffeehaus.ch>
 * @author Matthias Grimm <matthiasgrimm@users.sourceforge.net>
 * @author Michael Klier <chi@chimeric.de>
 * @author Leo Moll <leo@yeasoft.com>
 * @author Florian Anderiasch <fa@art-core.org>
 * @author Robin Kluth <commi1993@gmail.com>
 * @author Arne Pelka <mail@arnepelka.de>
 * @author Dirk Einecke <dirk@dirkeinecke.de>
 * @author Blitzi94 <Blitzi94@gmx.de>
 * @author Robert Bogenschneider <robog@gmx.de>
 * @author Niels Lange <niels@boldencursief.nl>
 * @author Christian Wichmann <nospam@zone0.de>
 * @author Matthias Schulte <mailinglist@lupo49.de>
 * @author Paul Lachewsky <kaeptn.haddock@gmail.com>
 * @author Pierre Corell <info@joomla-praxis.de>
 * @author Mateng Schimmerlos <mateng@firemail.de>
 * @author Benedikt Fey <spam@lifeisgoooood.de>
 * @author Simon <st103267@stud.uni-stuttgart.de>
 * @author Hoisl <hoisl@gmx.at>
 * @author Marcel Eickhoff <eickhoff.marcel@gmail.com>
 * @author Pascal Schröder <Pascal1802@gmail.com>
 * @author Hendrik Diel <diel.hendrik@gmail.com>
 * @author Marco Hofmann <xenadmin@meinekleinefarm.net>
 * @author Hella Breitkopf <hella.breitkopf@gmail.com>
 */
$lang['encoding']              = 'utf-8';
$lang['direction']             = 'ltr';
$lang['doublequoteopening']    = '„';
$lang['doublequoteclosing']    = '“';
$lang['singlequoteopening']    = '‚';
$lang['singlequoteclosing']    = '‘';
$lang['apostrophe']            = '’';
$lang['btn_edit']              = 'Diese Seite bearbeiten';
$lang['btn_source']            = 'Quelltext anzeigen';
$lang['btn_show']              = 'Seite anzeigen';
$lang['btn_create']            = 'Seite anlegen';
$lang['btn_search']            = 'Suche';
$lang['btn_save']              = 'Speichern';
$lang['btn_preview']           = 'Vorschau';
$lang['btn_top']               = 'Nach oben';
$lang['btn_newer']             = '<< neuere Änderungen';
$lang['btn_older']             = 'ältere Änderungen >>';
$lang['btn_revs']              = 'Ältere Versionen';
$lang['btn_recent']            = 'Letzte Änderungen';
$lang['btn_upload']            = 'Hochladen';
$lang['btn_cancel']            = 'Abbrechen';
$lang['btn_index']             = 'Übersicht';
$lang['btn_secedit']           = 'Bearbeiten';
$lang['btn_login']             = 'Anmelden';
$lang['btn_logout']            = 'Abmelden';
$lang['btn_admin']             = 'Admin';
$lang['btn_update']            = 'Aktualisieren';
$lang['btn_delete']            = 'Löschen';
$lang['btn_back']              = 'Zurück';
$lang['btn_backlink']          = 'Links hierher';
$lang['btn_subscribe']         = 'Aboverwaltung';
$lang['btn_profile']           = 'Benutzerprofil';
$lang['btn_reset']             = 'Zurücksetzen';
$lang['btn_resendpwd']         = 'Setze neues Passwort';
$lang['btn_draft']             = 'Entwurf bearbeiten';
$lang['btn_recover']           = 'Entwurf wiederherstellen';
$lang['btn_draftdel']          = 'Entwurf löschen';
$lang['btn_revert']            = 'Wiederherstellen';
$lang['btn_register']          = 'Registrieren';
$lang['btn_apply']             = 'Übernehmen';
$lang['btn_media']             = 'Medien-Manager';
$lang['btn_deleteuser']        = 'Benutzerprofil löschen';
$lang['btn_img_backto']        = 'Zurück zu %s';
$lang['btn_mediaManager']      = 'Im Medien-Manager anzeigen';
$lang['loggedinas']            = 'Angemeldet als:';
