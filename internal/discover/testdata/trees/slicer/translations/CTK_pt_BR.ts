<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="Applications/ctkExampleHost/ctkExampleHostMainWindow.ui" line="14"/>
        <source>DICOM Application Host</source>
        <translation>Hospedeiro de aplicações DICOM</translation>
    </message>
    <message>
        <location filename="Applications/ctkExampleHost/ctkExampleHostMainWindow.ui" line="37"/>
        <source>CTK Example Hosting Application</source>
        <translation>Aplicativo de Hospedagem de Exemplo CTK</translation>
    </message>
</context>
</TS>
