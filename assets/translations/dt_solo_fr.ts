<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>BoardScene</name>
    <message>
        <source>Room {0}</source>
        <translation>Salle {0}</translation>
    </message>
    <message>
        <source>{name}: twin pair {pair}, turns {sense}</source>
        <translation>{name} : paire jumelle {pair}, tourne en {sense}</translation>
    </message>
    <message>
        <source>clockwise</source>
        <translation>sens horaire</translation>
    </message>
    <message>
        <source>anticlockwise</source>
        <translation>sens antihoraire</translation>
    </message>
    <message>
        <source>{0} ({1}), NPC</source>
        <translation>{0} ({1}), PNJ</translation>
    </message>
    <message>
        <source>{0}, Player</source>
        <translation>{0}, Joueur</translation>
    </message>
    <message>
        <source>{0}, wounded</source>
        <translation>{0}, blessé</translation>
    </message>
    <message>
        <source>{0}, carrying {1}</source>
        <translation>{0}, portant {1}</translation>
    </message>
</context>
<context>
    <name>BoxSummary</name>
    <message>
        <source>%1 is not a valid id: use lowercase letters a-z, digits and hyphens (like crypt-1a)</source>
        <translation>%1 n&apos;est pas un identifiant valide : utilisez des minuscules a-z, des chiffres et des tirets (comme crypte-1a)</translation>
    </message>
    <message>
        <source>two room files have the id %1: %2 is used</source>
        <translation>deux fichiers de salle ont l&apos;identifiant %1 : %2 est utilisé</translation>
    </message>
    <message>
        <source>pair %1 has one room (%2): its twin is missing</source>
        <translation>la paire %1 n&apos;a qu&apos;une salle (%2) : sa jumelle manque</translation>
    </message>
    <message>
        <source>pair %1 has %2 rooms (%3): a pair is two twin rooms; left out</source>
        <translation>la paire %1 a %2 salles (%3) : une paire, ce sont deux salles jumelles ; laissée de côté</translation>
    </message>
    <message>
        <source>twin rooms %2 and %3 (pair %1) turn the same way: twins turn in opposite senses; left out</source>
        <translation>les salles jumelles %2 et %3 (paire %1) tournent dans le même sens : des jumelles tournent en sens contraires ; laissées de côté</translation>
    </message>
    <message>
        <source>%1 complete pairs: a box has 4; pairs %2 are used, %3 left out</source>
        <translation>%1 paires complètes : une boîte en a 4 ; les paires %2 sont utilisées, %3 laissées de côté</translation>
    </message>
    <message>
        <source>card %1 cannot be activated (%2): left out</source>
        <translation>la carte %1 ne peut pas être activée (%2) : laissée de côté</translation>
    </message>
    <message>
        <source>%2 cards of class %1: a box has 4 per class; %3 left out</source>
        <translation>%2 cartes de la classe %1 : une boîte en a 4 par classe ; %3 laissées de côté</translation>
    </message>
    <message>
        <source>the demo has no more cards of class %1 to fill the gap: %2 missing</source>
        <translation>la démo n&apos;a plus de carte de la classe %1 pour combler le manque : il en manque %2</translation>
    </message>
    <message>
        <source>you have entered no rooms: the demo&apos;s 8 rooms are used</source>
        <translation>vous n&apos;avez saisi aucune salle : les 8 salles de la démo sont utilisées</translation>
    </message>
    <message>
        <source>you have entered no NPC cards: the demo&apos;s 32 cards are used</source>
        <translation>vous n&apos;avez saisi aucune carte PNJ : les 32 cartes de la démo sont utilisées</translation>
    </message>
    <message>
        <source>%2 (demo) is the twin of your %3 in pair %1</source>
        <translation>%2 (démo) est la jumelle de votre %3 dans la paire %1</translation>
    </message>
    <message>
        <source>%1 yours</source>
        <translation>%1 à vous</translation>
    </message>
    <message>
        <source>%1 from the demo</source>
        <translation>%1 de la démo</translation>
    </message>
    <message>
        <source>Rooms: %1 (%2)</source>
        <translation>Salles : %1 (%2)</translation>
    </message>
    <message>
        <source>NPC cards: %1 (%2)</source>
        <translation>Cartes PNJ : %1 (%2)</translation>
    </message>
    <message>
        <source>Filled by the demo:</source>
        <translation>Comblé par la démo :</translation>
    </message>
    <message numerus="yes">
        <source>you have %n card(s) of class %1: a box has 4 per class</source>
        <translation>
            <numerusform>vous avez %n carte de la classe %1 : une boîte en a 4 par classe</numerusform>
            <numerusform>vous avez %n cartes de la classe %1 : une boîte en a 4 par classe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the demo has no pair left to fill the gap: %n pair(s) missing</source>
        <translation>
            <numerusform>la démo n&apos;a plus de paire pour combler le manque : il manque %n paire</numerusform>
            <numerusform>la démo n&apos;a plus de paire pour combler le manque : il manque %n paires</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you have %1 of 4 complete pairs: demo pair(s) %2 added</source>
        <translation>
            <numerusform>paires complètes : vous en avez %1 sur 4 ; paire de la démo %2 ajoutée</numerusform>
            <numerusform>paires complètes : vous en avez %1 sur 4 ; paires de la démo %2 ajoutées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>you have %2 of 4 cards of class %1: demo card(s) %3 added</source>
        <translation>
            <numerusform>cartes de la classe %1 : vous en avez %2 sur 4 ; carte de la démo %3 ajoutée</numerusform>
            <numerusform>cartes de la classe %1 : vous en avez %2 sur 4 ; cartes de la démo %3 ajoutées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rulebook card(s) completed by you</source>
        <translation>
            <numerusform>%n carte du livret complétée par vous</numerusform>
            <numerusform>%n cartes du livret complétées par vous</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in your box:</source>
        <translation>
            <numerusform>%n problème dans votre boîte :</numerusform>
            <numerusform>%n problèmes dans votre boîte :</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CardEditor</name>
    <message>
        <source>New card</source>
        <translation>Nouvelle carte</translation>
    </message>
    <message>
        <source>Save to my cards</source>
        <translation>Enregistrer dans mes cartes</translation>
    </message>
    <message>
        <source>Save and next</source>
        <translation>Enregistrer et suivante</translation>
    </message>
    <message>
        <source>Save, then start a new card</source>
        <translation>Enregistrer, puis commencer une nouvelle carte</translation>
    </message>
    <message>
        <source>Cards (double-click to open)</source>
        <translation>Cartes (double-cliquez pour ouvrir)</translation>
    </message>
    <message>
        <source>a card must be a mapping of fields</source>
        <translation>une carte doit être un ensemble de champs nommés</translation>
    </message>
    <message>
        <source>A new card: type its id, name and epithet, choose its class, its six objectives and the default one, then click the objects and the classes in order, best first.</source>
        <translation>Une nouvelle carte : tapez son identifiant, son nom et son épithète, choisissez sa classe, ses six objectifs et celui par défaut, puis cliquez les objets et les classes dans l&apos;ordre, le meilleur d&apos;abord.</translation>
    </message>
    <message>
        <source>This file cannot be read as a card: fix it below, or in a text editor.</source>
        <translation>Ce fichier ne peut pas être lu comme une carte&#xa0;: corrigez-le ci-dessous, ou dans un éditeur de texte.</translation>
    </message>
    <message>
        <source>Unknown on this card (not given by the source): {0}. The card cannot be activated until they are filled in.</source>
        <translation>Inconnu sur cette carte (absent de la source)&#xa0;: {0}. La carte ne peut pas être activée tant que ces champs ne sont pas remplis.</translation>
    </message>
    <message>
        <source>Invented for the demo deck, not printed in the rulebook: {0}.</source>
        <translation>Inventé pour le paquet de démonstration, absent du livret de règles&#xa0;: {0}.</translation>
    </message>
    <message>
        <source>A demo deck card that is not in the rulebook: every value is invented.</source>
        <translation>Une carte du paquet de démonstration absente du livret de règles&#xa0;: toutes ses valeurs sont inventées.</translation>
    </message>
    <message>
        <source>Not playable yet: {0}.</source>
        <translation>Pas encore jouable&#xa0;: {0}.</translation>
    </message>
    <message>
        <source>New card, saved to {0}</source>
        <translation>Nouvelle carte, enregistrée dans {0}</translation>
    </message>
    <message>
        <source>Your card {0}</source>
        <translation>Votre carte {0}</translation>
    </message>
    <message>
        <source>Your card {0}, saved as {1}</source>
        <translation>Votre carte {0}, enregistrée sous {1}</translation>
    </message>
    <message>
        <source>Opened from {0}; saving writes your own copy to {1}, which then replaces it</source>
        <translation>Ouverte depuis {0}&#xa0;; l&apos;enregistrement écrit votre propre copie dans {1}, qui la remplace ensuite</translation>
    </message>
    <message>
        <source>Replace card</source>
        <translation>Remplacer la carte</translation>
    </message>
    <message>
        <source>{0} already exists. Replace it?</source>
        <translation>{0} existe déjà. Le remplacer&#xa0;?</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>(non renseigné)</translation>
    </message>
    <message>
        <source>known</source>
        <translation>connu</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <source>invented</source>
        <translation>inventé</translation>
    </message>
    <message>
        <source> AP</source>
        <translation> PA</translation>
    </message>
    <message>
        <source>The default (purple) objective</source>
        <translation>L&apos;objectif par défaut (en violet)</translation>
    </message>
    <message>
        <source>- {kind: gear_lock}</source>
        <translation>- {kind: gear_lock}</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Carte</translation>
    </message>
    <message>
        <source>Id (file name)</source>
        <translation>Identifiant (nom du fichier)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Epithet</source>
        <translation>Épithète</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Classe</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Objectives (1 = first priority)</source>
        <translation>Objectifs (1 = priorité la plus haute)</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>Quota</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>Which objective is the default one:</source>
        <translation>Objectif par défaut&#xa0;:</translation>
    </message>
    <message>
        <source>Priorities: click the entries in order, best first (ticked entries only)</source>
        <translation>Priorités : cliquez les entrées dans l&apos;ordre, la meilleure d&apos;abord (entrées cochées seulement)</translation>
    </message>
    <message>
        <source>{0} is on objectives {1}: check the card.</source>
        <translation>{0} figure aux objectifs {1} : vérifiez la carte.</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Priorité Objet</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>Priorité Personnage</translation>
    </message>
    <message>
        <source>Personality</source>
        <translation>Personnalité</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Printed text</source>
        <translation>Texte imprimé</translation>
    </message>
    <message>
        <source>Summary (English)</source>
        <translation>Résumé (anglais)</translation>
    </message>
    <message>
        <source>Summary (French)</source>
        <translation>Résumé (français)</translation>
    </message>
    <message>
        <source>Effects (YAML list)</source>
        <translation>Effets (liste YAML)</translation>
    </message>
    <message>
        <source>unknown: {0}</source>
        <translation>inconnu&#xa0;: {0}</translation>
    </message>
    <message>
        <source>invented: {0}</source>
        <translation>inventé&#xa0;: {0}</translation>
    </message>
    <message>
        <source>a demo card not in the rulebook: every value is invented</source>
        <translation>une carte de démonstration absente du livret de règles&#xa0;: toutes ses valeurs sont inventées</translation>
    </message>
    <message>
        <source>replaced by your card</source>
        <translation>remplacée par votre carte</translation>
    </message>
    <message>
        <source>replaced by the demo card</source>
        <translation>remplacée par la carte de démonstration</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>défectueuse</translation>
    </message>
    <message numerus="yes">
        <source>broken: %n problem(s)</source>
        <translation>
            <numerusform>défectueuse&#xa0;: %n problème</numerusform>
            <numerusform>défectueuse&#xa0;: %n problèmes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unknown</source>
        <translation>
            <numerusform>%n inconnu</numerusform>
            <numerusform>%n inconnus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n invented</source>
        <translation>
            <numerusform>%n inventé</numerusform>
            <numerusform>%n inventés</numerusform>
        </translation>
    </message>
    <message>
        <source>invented card</source>
        <translation>carte inventée</translation>
    </message>
    <message>
        <source>replaced</source>
        <translation>remplacée</translation>
    </message>
    <message>
        <source>Objective {0}</source>
        <translation>Objectif {0}</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>mode</translation>
    </message>
    <message>
        <source>quota</source>
        <translation>quota</translation>
    </message>
    <message>
        <source>default</source>
        <translation>par défaut</translation>
    </message>
    <message>
        <source>Personality effect {0}</source>
        <translation>Effet de personnalité {0}</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Identifiant</translation>
    </message>
    <message>
        <source>Default objective</source>
        <translation>Objectif par défaut</translation>
    </message>
    <message>
        <source>Objectives</source>
        <translation>Objectifs</translation>
    </message>
    <message>
        <source>Personality effects</source>
        <translation>Effets de personnalité</translation>
    </message>
    <message>
        <source>Field status</source>
        <translation>État des champs</translation>
    </message>
    <message>
        <source>choose the class, or mark it unknown</source>
        <translation>choisissez la classe, ou marquez-la inconnue</translation>
    </message>
    <message>
        <source>choose a mode, or mark the objective unknown</source>
        <translation>choisissez un mode, ou marquez l&apos;objectif inconnu</translation>
    </message>
    <message>
        <source>choose the default (purple) objective, or mark it unknown</source>
        <translation>choisissez l&apos;objectif par défaut (violet), ou marquez-le inconnu</translation>
    </message>
    <message>
        <source>only one objective is the default (purple) one</source>
        <translation>un seul objectif est celui par défaut (violet)</translation>
    </message>
    <message>
        <source>an objective is chosen as the default, but the default is marked unknown</source>
        <translation>un objectif est choisi par défaut, mais l&apos;objectif par défaut est marqué inconnu</translation>
    </message>
    <message>
        <source>type the card&apos;s id: its file name, in lowercase letters, digits and hyphens</source>
        <translation>tapez l&apos;identifiant de la carte : son nom de fichier, en minuscules, chiffres et tirets</translation>
    </message>
    <message>
        <source>type the NPC&apos;s name, as printed on the card</source>
        <translation>tapez le nom du PNJ, tel qu&apos;imprimé sur la carte</translation>
    </message>
    <message numerus="yes">
        <source>rank every class: {0} not ranked yet</source>
        <translation>
            <numerusform>classez toutes les classes : {0} pas encore classé</numerusform>
            <numerusform>classez toutes les classes : {0} pas encore classés</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CardLibraryList</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Classe</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>Dossier</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>Indicateurs</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Yours</source>
        <translation>Vos cartes</translation>
    </message>
    <message>
        <source>Demo deck</source>
        <translation>Paquet de démonstration</translation>
    </message>
    <message>
        <source>Rulebook</source>
        <translation>Livret de règles</translation>
    </message>
</context>
<context>
    <name>CombatDialog</name>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>shoots (Bow)</source>
        <translation>tire (Arc)</translation>
    </message>
    <message>
        <source>attacks</source>
        <translation>attaque</translation>
    </message>
    <message>
        <source>NP</source>
        <translation>NJ</translation>
    </message>
    <message>
        <source>defends</source>
        <translation>se défend</translation>
    </message>
    <message>
        <source>{name}, wounded</source>
        <translation>{name}, blessé</translation>
    </message>
    <message>
        <source>target</source>
        <translation>cible</translation>
    </message>
    <message>
        <source>attacks (Telescoping spear)</source>
        <translation>attaque (Lance téléscopique)</translation>
    </message>
    <message>
        <source>Attack {target}</source>
        <translation>Attaquer {target}</translation>
    </message>
    <message>
        <source>Side</source>
        <translation>Camp</translation>
    </message>
    <message>
        <source>Character</source>
        <translation>Personnage</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Classe</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <source> (group combat, B-GRP)</source>
        <translation> (combat groupé, B-GRP)</translation>
    </message>
    <message>
        <source>Your side: {attack}, the NP&apos;s side: {defence}{group}. Cards are played next (S-COMBAT-1).</source>
        <translation>Votre camp&#xa0;: {attack}, le camp du NJ&#xa0;: {defence}{group}. Les cartes sont jouées ensuite (S-COMBAT-1).</translation>
    </message>
    <message>
        <source>Attack</source>
        <translation>Attaquer</translation>
    </message>
</context>
<context>
    <name>ContentEditor</name>
    <message>
        <source>Fight</source>
        <translation>Combattre</translation>
    </message>
    <message>
        <source>Take object</source>
        <translation>Prendre objet</translation>
    </message>
    <message>
        <source>Exit</source>
        <translation>Sortir</translation>
    </message>
    <message>
        <source>Reveal</source>
        <translation>Révéler</translation>
    </message>
    <message>
        <source>Regroup</source>
        <translation>Se regrouper</translation>
    </message>
    <message>
        <source>Rotation</source>
        <translation>Rotation</translation>
    </message>
    <message>
        <source>Open portcullis</source>
        <translation>Ouvrir herse</translation>
    </message>
    <message>
        <source>Break portcullis</source>
        <translation>Briser herse</translation>
    </message>
    <message>
        <source>Heal</source>
        <translation>Soigner</translation>
    </message>
    <message>
        <source>Repulse</source>
        <translation>Répulser</translation>
    </message>
    <message>
        <source>Cleric</source>
        <translation>Clerc</translation>
    </message>
    <message>
        <source>Colossus</source>
        <translation>Colosse</translation>
    </message>
    <message>
        <source>Backstabber</source>
        <translation>Traître</translation>
    </message>
    <message>
        <source>Mechanork</source>
        <translation>Méchanork</translation>
    </message>
    <message>
        <source>Wizard</source>
        <translation>Magicien</translation>
    </message>
    <message>
        <source>Banshee</source>
        <translation>Hurleur</translation>
    </message>
    <message>
        <source>Naga</source>
        <translation>Homme-Serpent</translation>
    </message>
    <message>
        <source>Telepath</source>
        <translation>Télépathe</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Clef</translation>
    </message>
    <message>
        <source>Rope</source>
        <translation>Corde</translation>
    </message>
    <message>
        <source>Telescoping spear</source>
        <translation>Lance téléscopique</translation>
    </message>
    <message>
        <source>Bow</source>
        <translation>Arc</translation>
    </message>
    <message>
        <source>Large shield</source>
        <translation>Grand bouclier</translation>
    </message>
    <message>
        <source>Fireball wand</source>
        <translation>Bâton de boule de feu</translation>
    </message>
    <message>
        <source>Wounded friend</source>
        <translation>Allié blessé</translation>
    </message>
    <message>
        <source>rulebook (transcribed)</source>
        <translation>livret de règles (transcrite)</translation>
    </message>
    <message>
        <source>entered from a printed card</source>
        <translation>saisie d&apos;après une carte imprimée</translation>
    </message>
    <message>
        <source>demo deck</source>
        <translation>paquet de démonstration</translation>
    </message>
    <message>
        <source>custom (made up)</source>
        <translation>personnalisée (inventée)</translation>
    </message>
    <message>
        <source>objective {0}</source>
        <translation>objectif {0}</translation>
    </message>
    <message>
        <source>epithet</source>
        <translation>épithète</translation>
    </message>
    <message>
        <source>class</source>
        <translation>classe</translation>
    </message>
    <message>
        <source>default objective</source>
        <translation>objectif par défaut</translation>
    </message>
    <message>
        <source>object priorities</source>
        <translation>Priorité Objet</translation>
    </message>
    <message>
        <source>character priorities</source>
        <translation>Priorité Personnage</translation>
    </message>
    <message>
        <source>personality</source>
        <translation>personnalité</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Champ</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problème</translation>
    </message>
    <message>
        <source>warning: {0}</source>
        <translation>avertissement&#xa0;: {0}</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Modifications non enregistrées</translation>
    </message>
    <message>
        <source>Your changes are not saved. Drop them?</source>
        <translation>Vos modifications ne sont pas enregistrées. Les abandonner ?</translation>
    </message>
</context>
<context>
    <name>ContentPage</name>
    <message>
        <source>Rooms and NPC cards</source>
        <translation>Salles et cartes PNJ</translation>
    </message>
    <message>
        <source>Play with the demo content, or with the rooms and cards you made.</source>
        <translation>Jouez avec le contenu de démonstration, ou avec les salles et les cartes que vous avez créées.</translation>
    </message>
    <message>
        <source>The demo rooms and NPC cards</source>
        <translation>Les salles et cartes PNJ de démonstration</translation>
    </message>
    <message>
        <source>My own rooms and NPC cards (the demo ones fill the gaps)</source>
        <translation>Mes propres salles et cartes PNJ (celles de démonstration comblent les manques)</translation>
    </message>
    <message>
        <source>Your folder: %1</source>
        <translation>Votre dossier&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n room file(s)</source>
        <translation>
            <numerusform>%n fichier de salle</numerusform>
            <numerusform>%n fichiers de salle</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n NPC card file(s)</source>
        <translation>
            <numerusform>%n fichier de carte PNJ</numerusform>
            <numerusform>%n fichiers de cartes PNJ</numerusform>
        </translation>
    </message>
    <message>
        <source>random</source>
        <translation>aléatoire</translation>
    </message>
    <message>
        <source>The same seed deals the same game.</source>
        <translation>La même graine donne la même partie.</translation>
    </message>
    <message>
        <source>Seed (optional):</source>
        <translation>Graine (facultative)&#xa0;:</translation>
    </message>
    <message>
        <source>This box cannot set up a game: see the list above.</source>
        <translation>Cette boîte ne permet pas de mettre en place une partie : voir la liste ci-dessus.</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s) in your box: what they concern is left out of the game.</source>
        <translation>
            <numerusform>%n problème dans votre boîte : ce qu&apos;il concerne est laissé hors de la partie.</numerusform>
            <numerusform>%n problèmes dans votre boîte : ce qu&apos;ils concernent est laissé hors de la partie.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DifficultyWindow</name>
    <message>
        <source>pink</source>
        <translation>rose</translation>
    </message>
    <message>
        <source>black</source>
        <translation>noir</translation>
    </message>
    <message>
        <source>level %1</source>
        <translation>niveau %1</translation>
    </message>
    <message>
        <source>Difficulty</source>
        <translation>Difficulté</translation>
    </message>
    <message>
        <source>Games per level:</source>
        <translation>Parties par niveau :</translation>
    </message>
    <message>
        <source>First seed:</source>
        <translation>Première graine :</translation>
    </message>
    <message>
        <source>Processes:</source>
        <translation>Processus :</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>The built-in Player plays whole games against the automaton at each level, with and without the Arch-Mage&apos;s Vision.</source>
        <translation>Le Joueur intégré joue des parties entières contre l&apos;automate à chaque niveau, avec et sans la Vision de l&apos;Archimage.</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <source>Vision</source>
        <translation>Vision</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Parties</translation>
    </message>
    <message>
        <source>Player wins</source>
        <translation>Victoires du Joueur</translation>
    </message>
    <message>
        <source>95 % interval</source>
        <translation>Intervalle à 95 %</translation>
    </message>
    <message>
        <source>Playing %1 games…</source>
        <translation>%1 parties en cours…</translation>
    </message>
    <message>
        <source>Cancelling after the games being played…</source>
        <translation>Annulation après les parties en cours…</translation>
    </message>
    <message>
        <source>%1 of %2 games played</source>
        <translation>parties jouées : %1 sur %2</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 games played.</source>
        <translation>Annulé. Parties jouées : %1 sur %2.</translation>
    </message>
    <message>
        <source>%1 of %2 games played.</source>
        <translation>Parties jouées : %1 sur %2.</translation>
    </message>
    <message numerus="yes">
        <source>%n game(s) stopped on an engine error.</source>
        <translation>
            <numerusform>%n partie arrêtée par une erreur du moteur.</numerusform>
            <numerusform>%n parties arrêtées par une erreur du moteur.</numerusform>
        </translation>
    </message>
    <message>
        <source>without the Vision</source>
        <translation>sans la Vision</translation>
    </message>
    <message>
        <source>with the Vision</source>
        <translation>avec la Vision</translation>
    </message>
    <message>
        <source>Player&apos;s wins (%)</source>
        <translation>Victoires du Joueur (%)</translation>
    </message>
    <message>
        <source>The Player&apos;s win rate per level, 95 % interval</source>
        <translation>Taux de victoire du Joueur par niveau, intervalle à 95 %</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <translation>non</translation>
    </message>
</context>
<context>
    <name>EditMenu</name>
    <message>
        <source>Edit refused</source>
        <translation>Modification refusée</translation>
    </message>
    <message>
        <source>Move {name} to {square}</source>
        <translation>Déplacer {name} en {square}</translation>
    </message>
    <message>
        <source>Reveal room {slot} ({layout})</source>
        <translation>Révéler la salle {slot} ({layout})</translation>
    </message>
    <message>
        <source>Wound {name}</source>
        <translation>Blesser {name}</translation>
    </message>
    <message>
        <source>Give {name} an object</source>
        <translation>Donner un objet {name:a}</translation>
    </message>
    <message>
        <source>{name} (wounded)</source>
        <translation>{name} (blessé)</translation>
    </message>
    <message>
        <source>Heal {name}</source>
        <translation>Soigner {name}</translation>
    </message>
    <message>
        <source>Remove {name} from the game</source>
        <translation>Retirer {name} du jeu</translation>
    </message>
    <message>
        <source>Move {object} to {square}</source>
        <translation>Déplacer {object} en {square}</translation>
    </message>
    <message>
        <source>Give {object} to {name}</source>
        <translation>Donner {object} {name:a}</translation>
    </message>
    <message>
        <source>{name} drops {item}</source>
        <translation>{name:cap} pose {item}</translation>
    </message>
    <message>
        <source>Remove {object} from the game</source>
        <translation>Retirer {object} du jeu</translation>
    </message>
    <message>
        <source>Portcullis {where}</source>
        <translation>Herse {where}</translation>
    </message>
    <message>
        <source>Open the portcullis {where}</source>
        <translation>Ouvrir la herse {where}</translation>
    </message>
    <message>
        <source>Close the portcullis {where}</source>
        <translation>Fermer la herse {where}</translation>
    </message>
    <message>
        <source>Break the portcullis {where}</source>
        <translation>Briser la herse {where}</translation>
    </message>
    <message>
        <source>Walls</source>
        <translation>Murs</translation>
    </message>
    <message>
        <source>Mend the wall {where}</source>
        <translation>Réparer le mur {where}</translation>
    </message>
    <message>
        <source>Break the wall {where}</source>
        <translation>Briser le mur {where}</translation>
    </message>
    <message>
        <source>Room {slot}</source>
        <translation>Salle {slot}</translation>
    </message>
    <message>
        <source>Reveal this room…</source>
        <translation>Révéler cette salle…</translation>
    </message>
    <message>
        <source>Turn room {slot} a quarter left</source>
        <translation>Tourner la salle {slot} d&apos;un quart de tour à gauche</translation>
    </message>
    <message>
        <source>Turn room {slot} a quarter right</source>
        <translation>Tourner la salle {slot} d&apos;un quart de tour à droite</translation>
    </message>
    <message>
        <source>Turn room {slot} half a turn</source>
        <translation>Tourner la salle {slot} d&apos;un demi-tour</translation>
    </message>
    <message>
        <source>Add a figure from the bag</source>
        <translation>Ajouter un personnage depuis le sac</translation>
    </message>
    <message>
        <source>Add an object from the bag</source>
        <translation>Ajouter un objet depuis le sac</translation>
    </message>
    <message>
        <source>Bring back into play</source>
        <translation>Remettre en jeu</translation>
    </message>
    <message>
        <source>Put {token} on {square}</source>
        <translation>Placer {token} en {square}</translation>
    </message>
</context>
<context>
    <name>ExplanationView</name>
    <message>
        <source>unknown class</source>
        <translation>classe inconnue</translation>
    </message>
    <message>
        <source>#</source>
        <translation>n°</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>Objectif</translation>
    </message>
    <message>
        <source>Quota</source>
        <translation>Quota</translation>
    </message>
    <message>
        <source>Cheapest cost</source>
        <translation>Coût le plus bas</translation>
    </message>
    <message>
        <source>Achievable</source>
        <translation>Réalisable</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Pourquoi</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>AP</source>
        <translation>PA</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Étape</translation>
    </message>
    <message>
        <source>its card cannot be read</source>
        <translation>sa carte est illisible</translation>
    </message>
    <message>
        <source>{rank}. {mode} — {ap} AP</source>
        <translation>{rank}. {mode} — {ap} PA</translation>
    </message>
    <message>
        <source>(default objective)</source>
        <translation>(objectif par défaut)</translation>
    </message>
    <message>
        <source>(again, AP left)</source>
        <translation>(à nouveau, PA restants)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <source>No mode: the NPC did nothing.</source>
        <translation>Aucun mode&#xa0;: le PNJ n&apos;a rien fait.</translation>
    </message>
    <message numerus="yes">
        <source>{ap} AP, %n sq.</source>
        <translation>
            <numerusform>{ap} PA, %n case</numerusform>
            <numerusform>{ap} PA, %n cases</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Failures</name>
    <message>
        <source>The details are in {path}.</source>
        <translation>Les détails sont dans {path}.</translation>
    </message>
    <message>
        <source>The details could not be written to the error log.</source>
        <translation>Les détails n’ont pas pu être écrits dans le journal des erreurs.</translation>
    </message>
    <message>
        <source>{what} failed: {reason}</source>
        <translation>{what} a échoué&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>The last action</source>
        <translation>La dernière action</translation>
    </message>
    <message>
        <source>Your game is safe: it is as the History shows it, and autosaved.</source>
        <translation>Votre partie ne risque rien&#xa0;: elle est telle que l’Historique la montre, et sauvegardée automatiquement.</translation>
    </message>
</context>
<context>
    <name>FileDialogs</name>
    <message>
        <source>Look in:</source>
        <translation>Voir dans&#xa0;:</translation>
    </message>
    <message>
        <source>Files of type:</source>
        <translation>Fichiers de type&#xa0;:</translation>
    </message>
    <message>
        <source>File name:</source>
        <translation>Nom de fichier&#xa0;:</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>GameModel</name>
    <message>
        <source>“{step}” is in progress: finish it or give it up before editing the table.</source>
        <translation>« {step} » est en cours : terminez-le ou abandonnez-le avant de modifier la table.</translation>
    </message>
    <message>
        <source>The NP&apos;s turn</source>
        <translation>Le tour du NJ</translation>
    </message>
    <message>
        <source>End of the Player&apos;s turn</source>
        <translation>Fin du tour du Joueur</translation>
    </message>
</context>
<context>
    <name>GameStatus</name>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>{n} tokens: {npc} NPCs, {player} Player characters, {purple} purple and {yellow} yellow objects</source>
        <translation>{n} jetons&#xa0;: {npc} PNJ, {player} personnages du Joueur, {purple} objets violets et {yellow} objets jaunes</translation>
    </message>
    <message>
        <source>no side to play</source>
        <translation>aucun camp à jouer</translation>
    </message>
    <message>
        <source>the NP&apos;s turn</source>
        <translation>tour du NJ</translation>
    </message>
    <message>
        <source>the Player&apos;s turn</source>
        <translation>tour du Joueur</translation>
    </message>
    <message>
        <source>Turn {n}, {whose}</source>
        <translation>Tour {n}, {whose}</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <source>Vision</source>
        <translation>Vision</translation>
    </message>
    <message>
        <source>the Arch-Mage&apos;s Vision is played</source>
        <translation>la Vision de l’Archimage est jouée</translation>
    </message>
    <message>
        <source>not played</source>
        <translation>non jouée</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Tour</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Player {player} VP, NP {npc} VP (5 wins)</source>
        <translation>Joueur {player} PV, NJ {npc} PV (5 pour gagner)</translation>
    </message>
    <message>
        <source>Bag</source>
        <translation>Sac</translation>
    </message>
    <message>
        <source>NPC cards for the bag</source>
        <translation>Cartes PNJ du sac</translation>
    </message>
    <message>
        <source>Reinforcement deck</source>
        <translation>Pioche des renforts</translation>
    </message>
    <message>
        <source>{n} cards</source>
        <translation>{n} cartes</translation>
    </message>
    <message>
        <source>NP combat deck</source>
        <translation>Pioche Combat du NJ</translation>
    </message>
    <message>
        <source>{n} cards; discard: {discard}</source>
        <translation>{n} cartes&#xa0;; défausse&#xa0;: {discard}</translation>
    </message>
    <message>
        <source>Your combat cards</source>
        <translation>Vos cartes Combat</translation>
    </message>
    <message>
        <source>in hand: {hand}; discard: {discard}</source>
        <translation>en main&#xa0;: {hand}&#xa0;; défausse&#xa0;: {discard}</translation>
    </message>
    <message>
        <source>Your Action cards</source>
        <translation>Vos cartes Action</translation>
    </message>
    <message>
        <source>in hand: {hand}; played: {played}; Jump cards: {jumps}</source>
        <translation>en main&#xa0;: {hand}&#xa0;; jouées&#xa0;: {played}&#xa0;; cartes Saut&#xa0;: {jumps}</translation>
    </message>
    <message>
        <source>Room cards</source>
        <translation>Cartes Salle</translation>
    </message>
    <message>
        <source>{revealed} revealed, {hidden} face down</source>
        <translation>{revealed} révélées, {hidden} face cachée</translation>
    </message>
    <message>
        <source>Vision deck</source>
        <translation>Pioche Vision</translation>
    </message>
    <message>
        <source>Out of the game</source>
        <translation>Hors du jeu</translation>
    </message>
</context>
<context>
    <name>LevelPage</name>
    <message>
        <source>Difficulty</source>
        <translation>Niveau de difficulté</translation>
    </message>
    <message>
        <source>The closer the level is to black, the more often reinforcements arrive.</source>
        <translation>Plus le niveau tend vers le noir, plus les renforts arrivent souvent.</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Play the Arch-Mage&apos;s Vision variant</source>
        <translation>Jouer la variante «&#xa0;Vision de l&apos;Archimage&#xa0;»</translation>
    </message>
    <message>
        <source>Whenever a card bearing the Vision icon is played, a Vision card reveals a room.</source>
        <translation>Chaque fois qu&apos;une carte portant l&apos;icône Vision est jouée, une carte Vision révèle une salle.</translation>
    </message>
</context>
<context>
    <name>LogPanel</name>
    <message>
        <source>Export as Markdown…</source>
        <translation>Exporter en Markdown…</translation>
    </message>
    <message>
        <source>Export the game log</source>
        <translation>Exporter le journal de la partie</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Player&apos;s turn</source>
        <translation>Tour du Joueur</translation>
    </message>
    <message>
        <source>NP&apos;s turn</source>
        <translation>Tour du NJ</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Tours</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Game status</source>
        <translation>État de la partie</translation>
    </message>
    <message>
        <source>&amp;Game</source>
        <translation>&amp;Partie</translation>
    </message>
    <message>
        <source>&amp;New game…</source>
        <translation>&amp;Nouvelle partie…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Enregistrer</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>Enregistrer &amp;sous…</translation>
    </message>
    <message>
        <source>&amp;Export the log…</source>
        <translation>E&amp;xporter le journal…</translation>
    </message>
    <message>
        <source>&amp;Difficulty…</source>
        <translation>&amp;Difficulté…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>É&amp;dition</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>Square &amp;names</source>
        <translation>&amp;Noms des cases</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Zoom &amp;avant</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Zoom a&amp;rrière</translation>
    </message>
    <message>
        <source>&amp;Fit the board</source>
        <translation>Plateau &amp;entier</translation>
    </message>
    <message>
        <source>&amp;Content</source>
        <translation>&amp;Contenu</translation>
    </message>
    <message>
        <source>&amp;NPC cards…</source>
        <translation>Cartes &amp;PNJ…</translation>
    </message>
    <message>
        <source>&amp;Rooms…</source>
        <translation>&amp;Salles…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Aid&amp;e</translation>
    </message>
    <message>
        <source>&amp;Rules reference</source>
        <translation>&amp;Référence des règles</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Paramètres…</translation>
    </message>
    <message>
        <source>Undo or redo</source>
        <translation>Annuler ou rétablir</translation>
    </message>
    <message>
        <source>The step in progress was given up.</source>
        <translation>L&apos;étape en cours a été abandonnée.</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Un problème est survenu</translation>
    </message>
    <message>
        <source>the NP&apos;s turn</source>
        <translation>tour du NJ</translation>
    </message>
    <message>
        <source>the Player&apos;s turn</source>
        <translation>tour du Joueur</translation>
    </message>
    <message>
        <source>Turn {turn}, {whose} — Player {player} VP, NP {npc} VP</source>
        <translation>Tour {turn}, {whose} — Joueur {player} PV, NJ {npc} PV</translation>
    </message>
    <message>
        <source>unsaved game</source>
        <translation>partie non enregistrée</translation>
    </message>
    <message>
        <source>dt-solo — {name}</source>
        <translation>dt-solo — {name}</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>Vous avez gagné&#xa0;!</translation>
    </message>
    <message>
        <source>The NP wins.</source>
        <translation>Le NJ gagne.</translation>
    </message>
    <message>
        <source>The game is over</source>
        <translation>La partie est terminée</translation>
    </message>
    <message>
        <source>{winner} Player {player} VP, NP {npc} VP (S-END-1).</source>
        <translation>{winner} Joueur {player} PV, NJ {npc} PV (S-END-1).</translation>
    </message>
    <message>
        <source>The step could not be played</source>
        <translation>L&apos;étape n&apos;a pas pu être jouée</translation>
    </message>
    <message>
        <source>Which room did you turn over in slot {slot}, and how does it lie?</source>
        <translation>Quelle salle avez-vous retournée à l&apos;emplacement {slot}, et comment est-elle orientée&#xa0;?</translation>
    </message>
    <message>
        <source>Replace the current game</source>
        <translation>Remplacer la partie en cours</translation>
    </message>
    <message>
        <source>The game on screen is not saved in a game file as it is now, and the new game will replace its autosave. Save it first?</source>
        <translation>La partie affichée n&apos;est pas enregistrée dans un fichier de partie dans son état actuel, et la nouvelle partie remplacera sa sauvegarde automatique. L&apos;enregistrer d&apos;abord ?</translation>
    </message>
    <message>
        <source>This game file cannot be opened</source>
        <translation>Impossible d&apos;ouvrir ce fichier de partie</translation>
    </message>
    <message>
        <source>Open a game</source>
        <translation>Ouvrir une partie</translation>
    </message>
    <message>
        <source>dt-solo games (*.yaml)</source>
        <translation>Parties dt-solo (*.yaml)</translation>
    </message>
    <message>
        <source>The game could not be saved</source>
        <translation>La partie n&apos;a pas pu être enregistrée</translation>
    </message>
    <message>
        <source>Saved to {path}</source>
        <translation>Enregistrée dans {path}</translation>
    </message>
    <message>
        <source>Saved to {path} as it was before “{step}”, still in progress</source>
        <translation>Enregistrée dans {path} telle qu’avant « {step} », toujours en cours</translation>
    </message>
    <message>
        <source>Save the game</source>
        <translation>Enregistrer la partie</translation>
    </message>
    <message>
        <source>NPC cards</source>
        <translation>Cartes PNJ</translation>
    </message>
    <message>
        <source>Rooms</source>
        <translation>Salles</translation>
    </message>
</context>
<context>
    <name>NewGameWizard</name>
    <message>
        <source>pink</source>
        <translation>rose</translation>
    </message>
    <message>
        <source>black</source>
        <translation>noir</translation>
    </message>
    <message>
        <source>level %1</source>
        <translation>niveau %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>Action cards %1</source>
        <translation>cartes Action %1</translation>
    </message>
    <message>
        <source>Jump cards</source>
        <translation>cartes Saut</translation>
    </message>
    <message>
        <source>Combat cards %1</source>
        <translation>cartes Combat %1</translation>
    </message>
    <message>
        <source>Reinforcements arrive when the Non-Player plays Combat cards %1, and when the Player plays: %2.</source>
        <translation>Des renforts arrivent quand le Non-Joueur joue les cartes Combat %1, et quand le Joueur joue&#xa0;: %2.</translation>
    </message>
    <message>
        <source>(Values of the demo: check them against the icons printed on your cards.)</source>
        <translation>(Valeurs de démonstration&#xa0;: vérifiez-les d&apos;après les icônes imprimées sur vos cartes.)</translation>
    </message>
    <message>
        <source>Cleric</source>
        <translation>Clerc</translation>
    </message>
    <message>
        <source>Colossus</source>
        <translation>Colosse</translation>
    </message>
    <message>
        <source>Backstabber</source>
        <translation>Traître</translation>
    </message>
    <message>
        <source>Mechanork</source>
        <translation>Méchanork</translation>
    </message>
    <message>
        <source>Wizard</source>
        <translation>Magicien</translation>
    </message>
    <message>
        <source>Banshee</source>
        <translation>Hurleur</translation>
    </message>
    <message>
        <source>Naga</source>
        <translation>Homme-Serpent</translation>
    </message>
    <message>
        <source>Telepath</source>
        <translation>Télépathe</translation>
    </message>
    <message>
        <source>Dice (teleportation, rotation, draws)</source>
        <translation>Dés (téléportation, rotation, tirages au sort)</translation>
    </message>
    <message>
        <source>Bag of tokens</source>
        <translation>Sac de pions</translation>
    </message>
    <message>
        <source>The Non-Player&apos;s Combat cards</source>
        <translation>Cartes Combat du Non-Joueur</translation>
    </message>
    <message>
        <source>Reinforcement cards</source>
        <translation>Cartes Renforts</translation>
    </message>
    <message>
        <source>Rooms and Room cards (the face-down plan, the reinforcements&apos; rooms)</source>
        <translation>Salles et cartes Salle (plan face cachée, salles des renforts)</translation>
    </message>
    <message>
        <source>The Arch-Mage&apos;s Vision cards</source>
        <translation>Cartes «&#xa0;Vision de l&apos;Archimage&#xa0;»</translation>
    </message>
    <message>
        <source>Unknown character class.</source>
        <translation>Classe de personnage inconnue.</translation>
    </message>
    <message>
        <source>Choose 4 different classes: %1 is chosen twice.</source>
        <translation>Choisissez 4 classes différentes&#xa0;: %1 est choisi deux fois.</translation>
    </message>
    <message>
        <source>Choose 4 different classes (%1 chosen).</source>
        <translation>Choisissez 4 classes différentes (choisies&#xa0;: %1).</translation>
    </message>
    <message>
        <source>New game</source>
        <translation>Nouvelle partie</translation>
    </message>
</context>
<context>
    <name>NpTurnPanel</name>
    <message>
        <source>to come</source>
        <translation>à venir</translation>
    </message>
    <message>
        <source>active</source>
        <translation>active</translation>
    </message>
    <message>
        <source>done</source>
        <translation>terminée</translation>
    </message>
    <message>
        <source>tilted</source>
        <translation>inclinée</translation>
    </message>
    <message>
        <source>The NP&apos;s turn was taken back: nothing of it is kept.</source>
        <translation>Le tour du NJ a été repris&#xa0;: rien n’en est gardé.</translation>
    </message>
    <message>
        <source>The step failed and was undone: {error}</source>
        <translation>L&apos;étape a échoué et a été annulée&#xa0;: {error}</translation>
    </message>
    <message>
        <source>It is the Player&apos;s turn (S-TURN-1): end it first.</source>
        <translation>C&apos;est le tour du Joueur (S-TURN-1)&#xa0;: terminez-le d&apos;abord.</translation>
    </message>
    <message>
        <source>Waiting for: {text}</source>
        <translation>En attente de&#xa0;: {text}</translation>
    </message>
    <message>
        <source>Not activated: {reason}</source>
        <translation>Non activé&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>Not activated yet.</source>
        <translation>Pas encore activé.</translation>
    </message>
    <message>
        <source>Play the NP&apos;s turn</source>
        <translation>Jouer le tour du NJ</translation>
    </message>
    <message>
        <source>Next NPC</source>
        <translation>PNJ suivant</translation>
    </message>
    <message>
        <source>Play the rest of the turn</source>
        <translation>Jouer le reste du tour</translation>
    </message>
    <message>
        <source>Take the NP&apos;s turn back</source>
        <translation>Reprendre le tour du NJ</translation>
    </message>
    <message>
        <source>The next NPC acts</source>
        <translation>Le PNJ suivant agit</translation>
    </message>
    <message>
        <source>Play the rest of the turn without stopping after each NPC</source>
        <translation>Jouer la fin du tour sans s&apos;arrêter après chaque PNJ</translation>
    </message>
    <message>
        <source>Answer…</source>
        <translation>Répondre…</translation>
    </message>
    <message>
        <source>Back to just before the NP&apos;s turn: nothing of it is kept</source>
        <translation>Retour juste avant le tour du NJ : rien n&apos;en est conservé</translation>
    </message>
</context>
<context>
    <name>PlayerTurnPanel</name>
    <message>
        <source>Action card</source>
        <translation>Carte Action</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Figurine</translation>
    </message>
    <message>
        <source>Use Jump cards</source>
        <translation>Utiliser des cartes Saut</translation>
    </message>
    <message>
        <source>Answer…</source>
        <translation>Répondre…</translation>
    </message>
    <message>
        <source>Give this action up</source>
        <translation>Renoncer à cette action</translation>
    </message>
    <message>
        <source>End turn</source>
        <translation>Fin du tour</translation>
    </message>
    <message>
        <source>The game is over (S-END-1).</source>
        <translation>La partie est terminée (S-END-1).</translation>
    </message>
    <message>
        <source>The NP&apos;s turn is due.</source>
        <translation>C&apos;est au tour du NJ.</translation>
    </message>
    <message>
        <source>Play an Action card first (S-TURN-4).</source>
        <translation>Jouez d&apos;abord une carte Action (S-TURN-4).</translation>
    </message>
    <message>
        <source>No AP left: end the turn (B-TURN-3).</source>
        <translation>Plus de PA&#xa0;: terminez le tour (B-TURN-3).</translation>
    </message>
    <message>
        <source>An Action card is already played this turn (B-TURN-2).</source>
        <translation>Une carte Action a déjà été jouée ce tour-ci (B-TURN-2).</translation>
    </message>
    <message>
        <source>Already played in this cycle (B-TURN-5).</source>
        <translation>Déjà jouée dans ce cycle (B-TURN-5).</translation>
    </message>
    <message>
        <source>S-TURN-2: the first turn uses the 2.</source>
        <translation>S-TURN-2&#xa0;: le premier tour se joue avec la carte 2 Actions.</translation>
    </message>
    <message>
        <source>S-TURN-3: in the first cycle the cards go up in order (2, 3, 4, 5).</source>
        <translation>S-TURN-3&#xa0;: au premier cycle, les cartes se jouent dans l&apos;ordre croissant (2, 3, 4, 5).</translation>
    </message>
    <message>
        <source>{ap}+J</source>
        <translation>{ap}+S</translation>
    </message>
    <message>
        <source>{ap}+{jumps}J</source>
        <translation>{ap}+{jumps}S</translation>
    </message>
    <message>
        <source>AP left: -</source>
        <translation>PA restants&#xa0;: -</translation>
    </message>
    <message>
        <source>AP left: {left} of {card}</source>
        <translation>PA restants&#xa0;: {left} sur {card}</translation>
    </message>
    <message>
        <source>Jump cards left: {jumps}</source>
        <translation>Cartes Saut restantes&#xa0;: {jumps}</translation>
    </message>
    <message>
        <source>S-TURN-2: your first action reveals a room next to the yellow line.</source>
        <translation>S-TURN-2&#xa0;: votre première action révèle une salle voisine de la zone de départ jaune.</translation>
    </message>
    <message>
        <source>Waiting for: {text}</source>
        <translation>En attente de&#xa0;: {text}</translation>
    </message>
    <message>
        <source>Click one of your figures on the board.</source>
        <translation>Cliquez sur une de vos figurines sur le plateau.</translation>
    </message>
    <message>
        <source>{figure} is not on the board.</source>
        <translation>{figure} n&apos;est pas sur le plateau.</translation>
    </message>
    <message>
        <source>{figure} on {square}</source>
        <translation>{figure} en {square}</translation>
    </message>
    <message>
        <source>{figure} ({cls}) on {square}</source>
        <translation>{figure} ({cls}) en {square}</translation>
    </message>
    <message>
        <source>Reveal room {slot}</source>
        <translation>Révéler la salle {slot}</translation>
    </message>
    <message>
        <source>Attack {target}</source>
        <translation>Attaquer {target}</translation>
    </message>
    <message>
        <source>Shoot {target} with the Bow</source>
        <translation>Tirer sur {target} avec l&apos;Arc</translation>
    </message>
    <message>
        <source>Exit the dungeon ({cost} AP)</source>
        <translation>Sortir du donjon ({cost} PA)</translation>
    </message>
    <message>
        <source>Move {figure} to {square}</source>
        <translation>Déplacer {figure} en {square}</translation>
    </message>
    <message>
        <source>{figure} exits the dungeon</source>
        <translation>{figure} sort du donjon</translation>
    </message>
    <message>
        <source>Play the {card} Action card</source>
        <translation>Jouer la carte Action {card}</translation>
    </message>
    <message>
        <source>{figure} reveals room {slot}</source>
        <translation>{figure} révèle la salle {slot}</translation>
    </message>
    <message>
        <source>{figure} attacks {target}</source>
        <translation>{figure} attaque {target}</translation>
    </message>
    <message>
        <source>{figure} shoots {target}</source>
        <translation>{figure} tire sur {target}</translation>
    </message>
    <message>
        <source>won</source>
        <translation>gagné</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>perdu</translation>
    </message>
    <message>
        <source>a tie</source>
        <translation>nul</translation>
    </message>
    <message>
        <source>Combat {outcome}.</source>
        <translation>Combat {outcome}.</translation>
    </message>
    <message>
        <source>Wounded: {names}.</source>
        <translation>Blessés&#xa0;: {names}.</translation>
    </message>
    <message>
        <source>Eliminated: {names}.</source>
        <translation>Éliminés&#xa0;: {names}.</translation>
    </message>
    <message>
        <source>On your table:</source>
        <translation>Sur votre table :</translation>
    </message>
    <message>
        <source>… and {n} more in the game log.</source>
        <translation>… et {n} de plus dans le journal de la partie.</translation>
    </message>
    <message>
        <source>Cancelled: nothing changed.</source>
        <translation>Annulé&#xa0;: rien n&apos;a changé.</translation>
    </message>
    <message>
        <source>Other actions</source>
        <translation>Autres actions</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Tourner</translation>
    </message>
    <message>
        <source>Room {slot}: {turns}/4 turn, {ap} AP</source>
        <translation>Salle {slot} : {turns}/4 de tour, {ap} PA</translation>
    </message>
    <message>
        <source>(against the arrow)</source>
        <translation>(contre la flèche)</translation>
    </message>
    <message>
        <source>Heal {name} (1 AP)</source>
        <translation>Soigner {name} (1 PA)</translation>
    </message>
    <message>
        <source>Scream at {name} (2 AP)</source>
        <translation>Hurler sur {name} (2 PA)</translation>
    </message>
    <message>
        <source>Fire the wand at {name} (1 AP)</source>
        <translation>Lancer la baguette sur {name} (1 PA)</translation>
    </message>
    <message>
        <source>{figure} turns room {slot}</source>
        <translation>{figure} tourne la salle {slot}</translation>
    </message>
    <message>
        <source>{figure} heals {wounded}</source>
        <translation>{figure} soigne {wounded}</translation>
    </message>
    <message>
        <source>{figure} fires the wand</source>
        <translation>{figure} lance la baguette</translation>
    </message>
    <message>
        <source>{figure} screams</source>
        <translation>{figure} hurle</translation>
    </message>
</context>
<context>
    <name>PriorityList</name>
    <message>
        <source>Up</source>
        <translation>Monter</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Descendre</translation>
    </message>
    <message>
        <source>Rank again</source>
        <translation>Reclasser</translation>
    </message>
    <message>
        <source>Untick every entry, then click them in order, best first</source>
        <translation>Décocher toutes les entrées, puis les cliquer dans l&apos;ordre, la meilleure d&apos;abord</translation>
    </message>
</context>
<context>
    <name>RequestDialogs</name>
    <message>
        <source>The game asks</source>
        <translation>Le jeu demande</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Monter</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Descendre</translation>
    </message>
    <message>
        <source>First = leftmost card: it is activated first.</source>
        <translation>Première = carte la plus à gauche&#xa0;: elle est activée en premier.</translation>
    </message>
    <message>
        <source>Room {slot}: which room did you turn over, and how does it lie? Click it as you see it on the table, the yellow line at the bottom (S-REVEAL-1).</source>
        <translation>Salle {slot}&#xa0;: quelle salle avez-vous retournée, et dans quel sens&#xa0;? Cliquez-la telle que vous la voyez sur la table, la ligne jaune en bas (S-REVEAL-1).</translation>
    </message>
    <message>
        <source>Personality: {text}</source>
        <translation>Personnalité&#xa0;: {text}</translation>
    </message>
    <message>
        <source>The NPC&apos;s side wins</source>
        <translation>Le camp du PNJ gagne</translation>
    </message>
    <message>
        <source>The NPC&apos;s side loses</source>
        <translation>Le camp du PNJ perd</translation>
    </message>
    <message>
        <source>Tie</source>
        <translation>Égalité</translation>
    </message>
    <message>
        <source>Attackers: {a}. Defenders: {d}.</source>
        <translation>Attaquants&#xa0;: {a}. Défenseurs&#xa0;: {d}.</translation>
    </message>
    <message>
        <source>Ranged combat.</source>
        <translation>Combat à distance.</translation>
    </message>
    <message>
        <source>clockwise</source>
        <translation>sens horaire</translation>
    </message>
    <message>
        <source>anticlockwise</source>
        <translation>sens antihoraire</translation>
    </message>
    <message>
        <source>{n}: {sense}, {ap} AP</source>
        <translation>{n} : {sense}, {ap} PA</translation>
    </message>
    <message>
        <source>Roll a die</source>
        <translation>Lancer un dé</translation>
    </message>
    <message>
        <source>Tied: {options}</source>
        <translation>À égalité&#xa0;: {options}</translation>
    </message>
    <message>
        <source>Room {slot}: {name}, {lies}; the red die gives the row, the white die the column of its Room card (S-REVEAL-4).</source>
        <translation>Salle {slot}&#xa0;: {name}, {lies}&#xa0;; le dé rouge donne la rangée, le dé blanc la colonne de sa carte Salle (S-REVEAL-4).</translation>
    </message>
    <message>
        <source>Row {n}</source>
        <translation>Rangée {n}</translation>
    </message>
    <message>
        <source>Column {n}</source>
        <translation>Colonne {n}</translation>
    </message>
    <message>
        <source>Room position {n}</source>
        <translation>Emplacement de salle {n}</translation>
    </message>
    <message>
        <source>Combat card</source>
        <translation>Carte Combat</translation>
    </message>
    <message>
        <source>The app cannot answer this request here: undo the step and mirror it with an edit.</source>
        <translation>L&apos;application ne peut pas répondre à cette demande ici&#xa0;: annulez l&apos;étape et reproduisez-la par une modification de la table.</translation>
    </message>
</context>
<context>
    <name>RevealCard</name>
    <message>
        <source>row</source>
        <translation>rangée</translation>
    </message>
    <message>
        <source>column</source>
        <translation>colonne</translation>
    </message>
    <message>
        <source>{red}-{white}: no free square on that {line}, rolled again (S-REVEAL-6)</source>
        <translation>{red}-{white}&#xa0;: aucune case libre sur cette {line}, relancé (S-REVEAL-6)</translation>
    </message>
    <message>
        <source>{square} is a pit</source>
        <translation>{square} est une fosse</translation>
    </message>
    <message>
        <source>{square} already holds a token</source>
        <translation>{square} porte déjà un jeton</translation>
    </message>
    <message>
        <source>{square} is not a floor square</source>
        <translation>{square} n’est pas une case de sol</translation>
    </message>
    <message>
        <source>{red}-{white}: {why}, rolled again (S-REVEAL-6)</source>
        <translation>{red}-{white}&#xa0;: {why}, relancé (S-REVEAL-6)</translation>
    </message>
    <message>
        <source>{n}. {token}: out of the game (6-6, S-REVEAL-5)</source>
        <translation>{n}. {token}&#xa0;: hors du jeu (6-6, S-REVEAL-5)</translation>
    </message>
    <message>
        <source>placed by its personality (S-REVEAL-7)</source>
        <translation>placé par sa personnalité (S-REVEAL-7)</translation>
    </message>
    <message>
        <source>dice {red}-{white}, the Player chose the line</source>
        <translation>dés {red}-{white}, le Joueur a choisi la ligne</translation>
    </message>
    <message>
        <source>dice {red}-{white}</source>
        <translation>dés {red}-{white}</translation>
    </message>
    <message>
        <source>{n}. {token} → {square}</source>
        <translation>{n}. {token} → {square}</translation>
    </message>
    <message>
        <source>Room {slot}: turn over {name}, {lies}.</source>
        <translation>Salle {slot}&#xa0;: retournez {name}, {lies}.</translation>
    </message>
    <message>
        <source>The bag is empty: no token goes in.</source>
        <translation>Le sac est vide&#xa0;: aucun jeton n’y entre.</translation>
    </message>
    <message>
        <source>Show its square on the board</source>
        <translation>Montrer sa case sur le plateau</translation>
    </message>
    <message>
        <source>Your table</source>
        <translation>Votre table</translation>
    </message>
    <message>
        <source>Do this on the real table:</source>
        <translation>À faire sur la vraie table&#xa0;:</translation>
    </message>
    <message>
        <source>Done on the table</source>
        <translation>Fait sur la table</translation>
    </message>
</context>
<context>
    <name>RoomEditor</name>
    <message>
        <source>my-room</source>
        <translation>ma-salle</translation>
    </message>
    <message>
        <source>clockwise</source>
        <translation>sens horaire</translation>
    </message>
    <message>
        <source>counter-clockwise</source>
        <translation>sens antihoraire</translation>
    </message>
    <message>
        <source>New room</source>
        <translation>Nouvelle salle</translation>
    </message>
    <message>
        <source>Save to my rooms</source>
        <translation>Enregistrer dans mes salles</translation>
    </message>
    <message>
        <source>Save and next</source>
        <translation>Enregistrer et suivante</translation>
    </message>
    <message>
        <source>Save, then start the twin of this room (or a new room once both twins are saved)</source>
        <translation>Enregistrer, puis commencer la jumelle de cette salle (ou une nouvelle salle une fois les deux jumelles enregistrées)</translation>
    </message>
    <message>
        <source>Duplicate as twin</source>
        <translation>Dupliquer en jumelle</translation>
    </message>
    <message>
        <source>A copy with the same gear number and the opposite rotation arrow, to draw the twin from</source>
        <translation>Une copie avec le même numéro de mécanisme et la flèche de rotation inverse, pour dessiner la jumelle</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Rooms (double-click to open)</source>
        <translation>Salles (double-cliquez pour ouvrir)</translation>
    </message>
    <message>
        <source>Id (file name)</source>
        <translation>Identifiant (nom du fichier)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Gear number (pair)</source>
        <translation>Numéro du mécanisme (paire)</translation>
    </message>
    <message>
        <source>Rotation arrow</source>
        <translation>Flèche de rotation</translation>
    </message>
    <message>
        <source>Click an edge: wall or open; a square: floor or pit. Right-click, or point and press a key: W wall, S arrow slit (blue), P portcullis (red), O open; on a square O pit, F floor, G gear (it moves there). Ctrl+Z undoes.</source>
        <translation>Cliquez un bord : mur ou ouvert ; une case : sol ou fosse. Clic droit, ou pointez et appuyez sur une touche : W mur, S meurtrière (bleu), P herse (rouge), O ouvert ; sur une case O fosse, F sol, G mécanisme de rotation (il s&apos;y déplace). Ctrl+Z annule.</translation>
    </message>
    <message>
        <source>{0} cannot be opened: fix the problems listed below in a text editor.</source>
        <translation>Impossible d&apos;ouvrir {0}&#xa0;: corrigez les problèmes listés ci-dessous dans un éditeur de texte.</translation>
    </message>
    <message>
        <source>Wall (W)</source>
        <translation>Mur (W)</translation>
    </message>
    <message>
        <source>Arrow slit (S)</source>
        <translation>Meurtrière (S)</translation>
    </message>
    <message>
        <source>Portcullis (P)</source>
        <translation>Herse (P)</translation>
    </message>
    <message>
        <source>Open (O)</source>
        <translation>Ouvert (O)</translation>
    </message>
    <message>
        <source>Floor (F)</source>
        <translation>Sol (F)</translation>
    </message>
    <message>
        <source>Pit (O)</source>
        <translation>Fosse (O)</translation>
    </message>
    <message>
        <source>Gear here (G)</source>
        <translation>Mécanisme de rotation ici (G)</translation>
    </message>
    <message>
        <source>New room, saved to {0}</source>
        <translation>Nouvelle salle, enregistrée dans {0}</translation>
    </message>
    <message>
        <source>Your room {0}</source>
        <translation>Votre salle {0}</translation>
    </message>
    <message>
        <source>Your room {0}, saved as {1}</source>
        <translation>Votre salle {0}, enregistrée sous {1}</translation>
    </message>
    <message>
        <source>Opened from {0}</source>
        <translation>Ouverte depuis {0}</translation>
    </message>
    <message>
        <source>Saving writes your own copy to {0}, which then replaces the room {1} in your games.</source>
        <translation>L&apos;enregistrement écrit votre propre copie dans {0}, qui remplace ensuite la salle {1} dans vos parties.</translation>
    </message>
    <message>
        <source>Replace room</source>
        <translation>Remplacer la salle</translation>
    </message>
    <message>
        <source>{0} already exists. Replace it?</source>
        <translation>{0} existe déjà. Le remplacer&#xa0;?</translation>
    </message>
    <message>
        <source>▲ up (the room as printed)</source>
        <translation>▲ haut (la salle telle qu&apos;imprimée)</translation>
    </message>
</context>
<context>
    <name>RoomList</name>
    <message>
        <source>bundled</source>
        <translation>fournie</translation>
    </message>
    <message>
        <source>yours</source>
        <translation>à vous</translation>
    </message>
    <message>
        <source>{0} ({1}, broken: {2} problems)</source>
        <translation>{0} ({1}, défectueuse&#xa0;: {2} problèmes)</translation>
    </message>
</context>
<context>
    <name>RoomPictures</name>
    <message>
        <source>as printed</source>
        <translation>comme imprimée</translation>
    </message>
    <message>
        <source>a quarter turn clockwise</source>
        <translation>un quart de tour en sens horaire</translation>
    </message>
    <message>
        <source>a half turn</source>
        <translation>un demi-tour</translation>
    </message>
    <message>
        <source>three quarter turns clockwise</source>
        <translation>trois quarts de tour en sens horaire</translation>
    </message>
    <message>
        <source>¼ turn ↻</source>
        <translation>¼ de tour ↻</translation>
    </message>
    <message>
        <source>½ turn</source>
        <translation>½ tour</translation>
    </message>
    <message>
        <source>¾ turn ↻</source>
        <translation>¾ de tour ↻</translation>
    </message>
</context>
<context>
    <name>RulesReference</name>
    <message>
        <source>{id} is not in the rules reference.</source>
        <translation>{id} n&apos;est pas dans la référence des règles.</translation>
    </message>
    <message>
        <source>A reading adopted by this project (docs/decisions.md).</source>
        <translation>Une lecture des règles adoptée par ce projet (docs/decisions.md).</translation>
    </message>
    <message>
        <source>Rules reference</source>
        <translation>Référence des règles</translation>
    </message>
    <message>
        <source>Search a rule ID or words</source>
        <translation>Chercher un identifiant de règle ou des mots</translation>
    </message>
    <message>
        <source>Part of the rules reference could not be read:</source>
        <translation>Une partie de la référence des règles n&apos;a pas pu être lue&#xa0;:</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>System language</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>English</source>
        <translation>English</translation>
    </message>
    <message>
        <source>Français</source>
        <translation>Français</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Show the name of each square on the board</source>
        <translation>Afficher le nom de chaque case sur le plateau</translation>
    </message>
    <message>
        <source>Some texts change language only when the app is started again.</source>
        <translation>Certains textes ne changent de langue qu&apos;au prochain démarrage de l&apos;application.</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>Langue&#xa0;:</translation>
    </message>
</context>
<context>
    <name>TablePage</name>
    <message>
        <source>Physical or digital</source>
        <translation>Physique ou numérique</translation>
    </message>
    <message>
        <source>The app can draw and roll for you, or you use your own components and tell it what came out.</source>
        <translation>L&apos;application peut piocher et lancer les dés pour vous, ou vous jouez avec votre propre matériel et lui indiquez le résultat.</translation>
    </message>
    <message>
        <source>The app (digital)</source>
        <translation>L&apos;application (numérique)</translation>
    </message>
    <message>
        <source>My table (physical)</source>
        <translation>Ma table (physique)</translation>
    </message>
    <message>
        <source>This game cannot be set up:</source>
        <translation>Impossible de mettre en place cette partie&#xa0;:</translation>
    </message>
</context>
<context>
    <name>TeamPage</name>
    <message>
        <source>The Player&apos;s team</source>
        <translation>L&apos;équipe du Joueur</translation>
    </message>
    <message>
        <source>Four characters of different classes start on the yellow line.</source>
        <translation>Quatre personnages de classes différentes partent de la zone de départ jaune.</translation>
    </message>
    <message>
        <source>Draw 4 characters at random</source>
        <translation>Tirer 4 personnages au hasard</translation>
    </message>
    <message>
        <source>Choose my 4 characters</source>
        <translation>Choisir mes 4 personnages</translation>
    </message>
    <message>
        <source>%1 (Movement %2, Combat %3)</source>
        <translation>%1 (Mouvement %2, Combat %3)</translation>
    </message>
    <message>
        <source>Character %1:</source>
        <translation>Personnage %1&#xa0;:</translation>
    </message>
</context>
<context>
    <name>UndoDock</name>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Table as set up</source>
        <translation>La table après la mise en place</translation>
    </message>
</context>
<context>
    <name>WarningsBar</name>
    <message>
        <source>{entry}: {words}</source>
        <translation>{entry}&#xa0;: {words}</translation>
    </message>
    <message>
        <source>The table breaks a rule (kept as it is):</source>
        <translation>La table enfreint une règle (gardée telle quelle)&#xa0;:</translation>
    </message>
</context>
</TS>
