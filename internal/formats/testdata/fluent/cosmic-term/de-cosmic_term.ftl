cosmic-terminal = COSMIC Terminal
new-terminal = Neues Terminal

# Kontextseiten


## Über


## Farbschemen

color-schemes = Farbschemen
rename = Umbenennen
export = Exportieren
delete = Löschen
import = Importieren
import-errors = Importfehler

## Profile

profiles = Profile
name = Name
command-line = Befehlszeile
tab-title = Tab-Titel
tab-title-description = Standardtitel des Tabs überschreiben
add-profile = Profil hinzufügen
new-profile = Neues Profil
make-default = Als Standard festlegen
working-directory = Arbeitsverzeichnis
hold = Halten
remain-open = Nach Beendigung des untergeordneten Prozesses geöffnet lassen.

## Einstellungen

settings = Einstellungen

### Aussehen

appearance = Aussehen
theme = Thema
match-desktop = An Desktop anpassen
dark = Dunkel
light = Hell
syntax-dark = Dunkles Farbschema
syntax-light = Helles Farbschema
default-zoom-step = Zoomstufen
opacity = Hintergrunddeckkraft

### Schriftart

font = Schriftart
advanced-font-settings = Erweiterte Schriftarteneinstellungen
default-font = Schriftart
default-font-size = Schriftgröße
default-font-stretch = Schriftbreite
default-font-weight = Normale Schriftstärke
default-dim-font-weight = Matte Schriftstärke
default-bold-font-weight = Fette Schriftstärke
use-bright-bold = Fettgedruckten Text heller machen

### Aufteilungen

splits = Aufteilungen
focus-follow-mouse = Tippfokus folgt Maus

### Fortgeschritten

advanced = Erweitert
show-headerbar = Kopfzeile anzeigen
show-header-description = Kopfzeile über das Rechtsklick-Menü aufzeigen
# Suchen
find-placeholder = Suchen ...
find-previous = Vorherigen suchen
find-next = Nächsten suchen

# Menü


## Datei

file = Datei
new-tab = Neuer Tab
new-window = Neues Fenster
profile = Profil
menu-profiles = Profile ...
close-tab = Tab schließen
quit = Beenden

## Bearbeiten

edit = Bearbeiten
copy = Kopieren
paste = Einfügen
select-all = Alles auswählen
find = Suchen
clear-scrollback = Scrollverlauf löschen

## Ansicht

view = Ansicht
zoom-in = Größerer Text
zoom-reset = Standardtextgröße
zoom-out = Kleinerer Text
next-tab = Nächster Tab
previous-tab = Vorheriger Tab
split-horizontal = Horizontal teilen
split-vertical = Vertikal teilen
pane-toggle-maximize = Maximierung umschalten
menu-color-schemes = Farbschemen ...
menu-settings = Einstellungen ...
menu-about = Über COSMIC Terminal ...
repository = Repositorium
cancel = Abbrechen
keyboard-shortcuts = Tastenkombinationen
open-link = Link öffnen
menu-password-manager = Passwörter ...
passwords-title = Passwörter
add-password = Passwort hinzufügen
password-input = Passwort
password-input-description = Beschreibung
support = Unterstützung
disable = Deaktivieren
focus-pane-down = Bereich unten fokussieren
focus-pane-left = Bereich links fokussieren
focus-pane-right = Bereich rechts fokussieren
focus-pane-up = Bereich oben fokussieren
menu-keyboard-shortcuts = Tastenkombinationen ...
no-shortcuts = Keine Tastenkombinationen
password-manager = Passwortmanager
replace = Ersetzen
reset-to-default = Auf Standard zurücksetzen
shortcut-capture-hint = Drücke die Tastenkombination
shortcut-group-clipboard = Zwischenablage
shortcut-group-other = Andere
shortcut-group-tabs = Tabs
shortcut-group-window = Fenster
shortcut-replace-title = Tastenkombination ersetzen?
tab-activate = Tab { $number } aktivieren
copy-link = Link kopieren
type-to-search = Zum Suchen tippen ...
close-window = Fenster schließen
copy-or-sigint = Kopieren oder SIGINT
toggle-fullscreen = Vollbild umschalten
shortcut-group-zoom = Zoom
comment = Terminalemulator für den COSMIC Desktop
paste-primary = Primär einfügen
add-another-keybinding = Weitere Tastenbelegung hinzufügen
shortcut-replace-body = { $binding } ist bereits { $existing } zugeordnet. Durch { $new_action } ersetzen?
keywords = Befehl;Shell;Terminal;CLI;
tab-new-inherit-working-directory = Neue Tabs und Fenster verwenden das aktuelle Verzeichnis
tab-new-inherit-working-directory-description = Neue Tabs und Fenster im Arbeitsverzeichnis des aktiven Tabs öffnen
show-pane-borders = Bereichsrahmen anzeigen
