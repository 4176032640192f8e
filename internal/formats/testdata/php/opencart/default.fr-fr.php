<?php
// Lieu
$_['code']                          = 'fr';
$_['direction']                     = 'ltr';
$_['date_format_short']             = 'd/m/Y';
$_['date_format_long']              = 'l j F Y';
$_['time_format']                   = 'H:i:s';
$_['datetime_format']               = 'd/m/Y H:i:s';
$_['decimal_point']                 = ',';
$_['thousand_point']                = '.';

// Texte
$_['text_yes']                      = 'Oui';
$_['text_no']                       = 'Non';
$_['text_on']                       = 'Activé';
$_['text_off']                      = 'Désactivé';
$_['text_enabled']                  = 'Activé';
$_['text_disabled']                 = 'Désactivé';
$_['text_none']                     = ' --- Aucun --- ';
$_['text_select']                   = ' --- Veuillez sélectionner --- ';
$_['text_select_all']               = 'Tout sélectionner';
$_['text_all']                      = 'Tous';
$_['text_unselect_all']             = 'Tout désélectionner';
$_['text_all_zones']                = 'Toutes les zones';
$_['text_default']                  = ' <b>(Par défaut)</b>';
$_['text_close']                    = 'Fermer';
$_['text_pagination']               = 'Affichage de %d à %d sur %d (%d Pages)';
$_['text_loading']                  = 'Chargement...';
$_['text_no_results']               = 'Aucun résultat!';
$_['text_confirm']                  = 'Êtes-vous sûr?';
$_['text_home']                     = 'Accueil';
$_['text_second_ago']               = 'à l\'instant';
$_['text_seconds_ago']              = 'il y a %s secondes';
$_['text_minute_ago']               = 'il y a %s minute';
$_['text_minutes_ago']              = 'il y a %s minutes';
$_['text_hour_ago']                 = 'il y a %s heure';
$_['text_hours_ago']                = 'il y a %s heures';
$_['text_day_ago']                  = 'il y a %s jour';
$_['text_days_ago']                 = 'il y a %s jours';
$_['text_week_ago']                 = 'il y a %s semaine';
$_['text_weeks_ago']                = 'il y a %s semaines';
$_['text_month_ago']                = 'il y a %s mois';
$_['text_months_ago']               = 'il y a %s mois';
$_['text_year_ago']                 = 'il y a %s an';
