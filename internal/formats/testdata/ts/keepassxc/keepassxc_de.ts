<?xml version="1.0" ?><!DOCTYPE TS><TS version="2.1" language="de">
<context>
    <name>BrowserSettingsWidget</name>
    <message>
        <source>Dialog</source>
        <translation>Dialog</translation>
    </message>
    <message>
        <source>This is required for accessing your databases with KeePassXC-Browser</source>
        <translation>Dies ist notwendig, um mit KeePassXC-Browser auf Ihre Datenbanken zuzugreifen</translation>
    </message>
    <message>
        <source>Enable browser integration</source>
        <translation>Browserintegration aktivieren</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Browsers installed as snaps are currently not supported.</source>
        <translation>Browser, die als Snaps installiert sind, werden derzeit nicht unterstützt.</translation>
    </message>
    <message>
        <source>Enable integration for these browsers:</source>
        <translation>Integration für diese Browser aktivieren:</translation>
    </message>
    <message>
        <source>Vivaldi</source>
        <translation>Vivaldi</translation>
    </message>
    <message>
        <source>&amp;Edge</source>
        <translation>&amp;Edge</translation>
    </message>
    <message>
        <source>Firefox</source>
        <translation>Firefox</translation>
    </message>
    <message>
        <source>Tor Browser</source>
        <translation>Tor Browser</translation>
    </message>
    <message>
        <source>Brave</source>
        <translation>Brave</translation>
    </message>
    <message>
        <source>Google Chrome</source>
        <translation>Google Chrome</translation>
    </message>
    <message>
        <source>Chromium</source>
        <translation>Chromium</translation>
    </message>
    <message>
        <source>Show a notification when credentials are requested</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>Benachrichtigung anzeigen, wenn Anmeldedaten angefragt werden</translation>
    </message>
    <message>
        <source>Request to unlock the database if it is locked</source>
        <translation>Entsperrung anfragen, wenn die Datenbank gesperrt ist</translation>
    </message>
    <message>
        <source>Only entries with the same scheme (http://, https://, …) are returned.</source>
        <translation>Es werden nur Einträge mit dem gleichen Schema (http://, https:// …) zurückgegeben.</translation>
    </message>
    <message>
        <source>Match URL scheme (e.g., https://example.com)</source>
        <translation>URL-Schema vergleichen (z. B. https://example.com)</translation>
    </message>
    <message>
        <source>Only returns the best matches for a specific URL instead of all entries for the whole domain.</source>
        <translation>Nur die am besten passenden Einträge für eine URL anzeigen, statt alle Einträge der ganzen Domain.</translation>
    </message>
    <message>
        <source>Return only best-matching credentials</source>
        <translation>Nur am besten passende Anmeldedaten zurückliefern</translation>
    </message>
    <message>
        <source>Returns expired credentials. String [expired] is added to the title.</source>
        <translation>Abgelaufene Anmeldedaten zurückgeben. &quot;Abgelaufen&quot; wird an den Titel angehängt.</translation>
    </message>
    <message>
        <source>Allow returning expired credentials</source>
        <translation>Rückgabe abgelaufener Anmeldedaten erlauben</translation>
    </message>
    <message>
        <source>All databases connected to the extension will return matching credentials.</source>
        <translation>Alle Datenbanken, die mit der Erweiterung verbunden sind, geben übereinstimmende Anmeldedaten zurück.</translation>
    </message>
    <message>
        <source>Search in all opened databases for matching credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>In allen geöffneten Datenbanken nach passenden Anmeldedaten suchen</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Fortgeschritten</translation>
    </message>
    <message>
        <source>Never ask before accessing credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>Niemals fragen, bevor auf Anmeldedaten zugegriffen wird</translation>
    </message>
    <message>
        <source>Never ask before updating credentials</source>
        <extracomment>Credentials mean login data requested via browser extension</extracomment>
        <translation>Niemals fragen, bevor Anmeldedaten aktualisiert werden</translation>
    </message>
    <message>
        <source>Do not ask permission for HTTP Basic Auth</source>
        <extracomment>An extra HTTP Basic Auth setting</extracomment>
        <translation>Nicht nach Berechtigung für HTTP Basic Auth fragen</translation>
    </message>
    <message>
        <source>Automatically creating or updating string fields is not supported.</source>
        <translation>Automatisches Erstellen und Aktualisieren von erweiterten Attributen wird nicht unterstützt.</translation>
    </message>
    <message>
        <source>Return advanced string fields which start with &quot;KPH: &quot;</source>
        <translation>Auch erweiterte Attribute anzeigen, die mit &quot;KPH: &quot; beginnen</translation>
    </message>
    <message>
        <source>Don&apos;t display the popup suggesting migration of legacy KeePassHTTP settings.</source>
        <translation>Kein Popup-Fenster anzeigen, das die Migration der alten KeePassHTTP-Einstellungen vorschlägt.</translation>
    </message>
    <message>
        <source>Do not prompt for KeePassHTTP settings migration.</source>
        <translation>Nicht zur Migration der KeePassHTTP-Einstellungen auffordern.</translation>
    </message>
    <message>
        <source>Updates KeePassXC or keepassxc-proxy binary path automatically to native messaging scripts on startup.</source>
        <translation>Aktualisiert beim Start den KeePassXC- oder KeePassXC-Proxy-Pfad automatisch in den Native-Messaging-Skripts.</translation>
    </message>
    <message>
        <source>Update native messaging manifest files at startup</source>
        <translation>Native-Messaging-Manifest beim Start aktualisieren</translation>
    </message>
    <message>
        <source>Use a custom proxy location if you installed a proxy manually.</source>
        <translation>Benutzerdefinierten Proxy-Pfad verwenden, falls ein Proxy manuell installiert wurde</translation>
    </message>
    <message>
        <source>Use a custom proxy location:</source>
        <comment>Meant is the proxy for KeePassXC-Browser</comment>
        <translation>Benutzerdefinierten Proxy-Pfad verwenden</translation>
    </message>
    <message>
        <source>Custom proxy location field</source>
        <translation>Feld für benutzerdefinierten Proxy-Pfad</translation>
    </message>
    <message>
        <source>Browser for custom proxy file</source>
        <translation>Browser für benutzerdefinierte Proxydatei</translation>
    </message>
    <message>
        <source>Browse…</source>
        <extracomment>Button for opening file dialog</extracomment>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Use a custom browser configuration location:</source>
        <translation>Benutzerdefinierten Browser-Konfigurationspfad verwenden:</translation>
    </message>
    <message>
        <source>Browser type:</source>
        <translation>Browser-Typ:</translation>
    </message>
    <message>
        <source>Toolbar button style</source>
        <translation>Schaltflächenstil der Werkzeugleiste</translation>
    </message>
    <message>
        <source>Config Location:</source>
        <translation>Konfigurationspfad:</translation>
    </message>
    <message>
        <source>Custom browser location field</source>
        <translation>Feld für benutzerdefinierten Browserpfad</translation>
    </message>
    <message>
        <source>Browse for custom browser path</source>
        <translation>Nach benutzerdefiniertem Browserpfad suchen</translation>
    </message>
    <message>
        <source>Custom extension ID:</source>
        <translation>Benutzerdefinierte Erweiterungs-ID:</translation>
    </message>
    <message>
        <source>Custom extension ID</source>
        <translation>Benutzerdefinierte Erweiterungs-ID</translation>
    </message>
    <message>
        <source>Due to Snap sandboxing, you must run a script to enable browser integration.&lt;br /&gt;You can obtain this script from %1</source>
        <translation>Aufgrund von Snap Sandboxing müssen Sie ein Skript ausführen, um die Browser-Integration zu aktivieren.&lt;br /&gt;Sie können dieses Skript erhalten unter %1</translation>
    </message>
    <message>
        <source>KeePassXC-Browser is needed for the browser integration to work. &lt;br /&gt;Download it for %1 and %2 and %3. %4</source>
        <translation>KeePassXC-Browser wird für die Browserintegration benötigt. &lt;br /&gt;Laden Sie es für %1 und %2 und %3 herunter. %4</translation>
    </message>
    <message>
        <source>Please see special instructions for browser extension use below</source>
        <translation>Bitte beachten Sie die untenstehenden speziellen Anweisungen für die Verwendung der Browser-Erweiterung</translation>
    </message>
    <message>
        <source>Executable Files</source>
        <translation>Ausführbare Dateien</translation>
    </message>
    <message>
        <source>All Files</source>
        <translation>Alle Dateien</translation>
    </message>
    <message>
        <source>Select custom proxy location</source>
        <translation>Benutzerdefinierten Proxy-Pfad auswählen</translation>
    </message>
    <message>
        <source>Select native messaging host folder location</source>
        <translation>Ordner-Pfad für Native-Messaging-Host auswählen</translation>
    </message>
    <message>
        <source>Allow keepassxc-proxy to list all entries with their title, URL and UUID in connected databases.</source>
        <translation>Erlauben Sie KeePassXC-Proxy, alle Einträge mit Titel, URL und UUID in verbundenen Datenbanken aufzulisten.</translation>
    </message>
    <message>
        <source>Allow limited access to all entries in connected databases (ignores site access restrictions)</source>
        <translation>Eingeschränkten Zugriff auf alle Einträge in verbundenen Datenbanken zulassen (ignoriert Zugriffsbeschränkungen für Internetseiten)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; Only adjust these settings if necessary.</source>
        <translation>&lt;b&gt;Warnung:&lt;/b&gt;Diese Einstellungen sollten nur bei Bedarf angepasst werden.</translation>
    </message>
    <message>
        <source>The custom proxy location does not exist.</source>
        <translation>Der benutzerdefinierte Proxy-Pfad ist nicht vorhanden.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; The custom proxy location does not exist. Correct this in the advanced settings tab.</source>
        <translation>&lt;b&gt;Fehler:&lt;/b&gt; Der benutzerdefinierte Proxy-Pfad ist nicht vorhanden. Korrigieren Sie dies auf dem Tab &quot;Erweiterte Einstellungen&quot;.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Error:&lt;/b&gt; The installed proxy executable is missing from the expected location: %1&lt;br/&gt;Please set a custom proxy location in the advanced settings or reinstall the application.</source>
        <translation>&lt;b&gt;Fehler:&lt;/b&gt; Die installierte ausführbare Proxy-Datei fehlt am erwarteten Speicherort: %1&lt;br/&gt;Bitte legen Sie in den erweiterten Einstellungen einen benutzerdefinierten Proxy-Pfad fest oder installieren Sie die Anwendung neu.</translation>
    </message>
</context>
<context>
    <name>EntryView</name>
    <message>
        <source>Fit to window</source>
        <translation>An Fenster anpassen</translation>
    </message>
    <message>
        <source>Fit to contents</source>
        <translation>An Inhalt anpassen</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Auf Voreinstellung zurücksetzen</translation>
    </message>
    <message numerus="yes">
        <source>+ %1 entry(s)...</source>
        <translation><numerusform>+ %1 Eintrag...</numerusform><numerusform>+ %1 Einträge...</numerusform></translation>
    </message>
</context>
<context>
    <name>ReportsWidgetHealthcheck</name>
    <message>
        <source>Hover over reason to show additional details. Double-click entries to edit.</source>
        <translation>Für weitere Informationen mit der Maus über den Grund fahren. Doppelklick auf Einträge zum Bearbeiten.</translation>
    </message>
    <message>
        <source>Bad</source>
        <comment>Password quality</comment>
        <translation>Sehr schlecht</translation>
    </message>
    <message>
        <source>Bad — password must be changed</source>
        <translation>Sehr schlecht — Passwort muss geändert werden</translation>
    </message>
    <message>
        <source>Poor</source>
        <comment>Password quality</comment>
        <translation>Schlecht</translation>
    </message>
    <message>
        <source>Poor — password should be changed</source>
        <translation>Schlecht — Passwort sollte geändert werden</translation>
    </message>
    <message>
        <source>Weak</source>
        <comment>Password quality</comment>
        <translation>Schwach</translation>
    </message>
    <message>
        <source>Weak — consider changing the password</source>
        <translation>Schwach — Passwortänderung sollte erwogen werden</translation>
    </message>
    <message>
        <source> (Excluded)</source>
        <translation> (ausgeschlossen)</translation>
    </message>
    <message>
        <source>This entry is being excluded from reports</source>
        <translation>Dieser Eintrag wird von Berichten ausgeschlossen</translation>
    </message>
    <message>
        <source>Please wait, health data is being calculated…</source>
        <translation>Bitte warten, der Gesundheitszustand wird berechnet…</translation>
    </message>
    <message>
        <source>Congratulations, everything is healthy!</source>
        <translation>Glückwunsch, alles ist gesund!</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Edit Entry…</source>
        <translation>Eintrag bearbeiten…</translation>
    </message>
    <message numerus="yes">
        <source>Delete Entry(s)…</source>
        <translation><numerusform>Eintrag löschen…</numerusform><numerusform>Einträge löschen…</numerusform></translation>
    </message>
    <message>
        <source>Exclude from reports</source>
        <translation>Von Berichten ausschließen</translation>
    </message>
    <message>
        <source>Show expired entries</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source>Show entries that have been excluded from reports</source>
        <translation type="unfinished"/>
    </message>
    <message>
        <source> (Expired)</source>
        <translation type="unfinished"/>
    </message>
</context>
</TS>