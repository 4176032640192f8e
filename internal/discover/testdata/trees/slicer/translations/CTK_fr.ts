<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="Applications/ctkExampleHost/ctkExampleHostMainWindow.ui" line="14"/>
        <source>DICOM Application Host</source>
        <translation>Hôte d&apos;application DICOM</translation>
    </message>
    <message>
        <location filename="Applications/ctkExampleHost/ctkExampleHostMainWindow.ui" line="37"/>
        <source>CTK Example Hosting Application</source>
        <translation>Exemple d&apos;application d&apos;hébergement CTK</translation>
    </message>
</context>
</TS>
