-- bench: first page
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $4)) u
    order by u.sequenced, u.sv desc, u.id desc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,100,2,100,0,100,"Europe/Paris","Europe/Paris",2,1001]

-- bench: state + period
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."etat" = any($2::text[]) and "process"."date_debut" >= $3 and "process"."date_debut" < $4 and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $5) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $6 and "process"."etat" = any($7::text[]) and "process"."date_debut" >= $8 and "process"."date_debut" < $9 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $10)) u
    order by u.sequenced, u.sv desc, u.id desc offset $11 limit $12)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $13::text)::text, (p.date_fin at time zone $14::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $15 and "process"."etat" = any($16::text[]) and "process"."date_debut" >= $17 and "process"."date_debut" < $18) limit $19) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"{en_cours}","2025-05-31T22:00:00.000Z","2025-06-30T22:00:00.000Z",100,2,"{en_cours}","2025-05-31T22:00:00.000Z","2025-06-30T22:00:00.000Z",100,0,100,"Europe/Paris","Europe/Paris",2,"{en_cours}","2025-05-31T22:00:00.000Z","2025-06-30T22:00:00.000Z",1001]

-- bench: sort by equipment
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."equipement_libelle", '') as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by coalesce("process"."equipement_libelle", '') asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."equipement_libelle", '') as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by coalesce("process"."equipement_libelle", '') asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,100,2,100,0,100,"Europe/Paris","Europe/Paris",2,1001]

-- bench: name search
with hits as materialized (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from process_own as "process"
    where ("process"."entreprise_id" = $1 and ("process"."nom_recherche" like (select app_search_like(app_search_key($2))) and strpos("process"."nom_recherche", (select app_search_key($3))) > 0))), page as (select *
    from hits h
    order by h.sequenced, h.sv desc, h.id desc offset $4 limit $5)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $6::text)::text, (p.date_fin at time zone $7::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from hits limit $8) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"compresseur n° 12","compresseur n° 12",0,100,"Europe/Paris","Europe/Paris",1001]

-- bench: MES_CONSIGNATIONS
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."package" = $2 and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $3) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $4 and "process"."package" = $5 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $6)) u
    order by u.sequenced, u.sv desc, u.id desc offset $7 limit $8)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $9::text)::text, (p.date_fin at time zone $10::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $11 and "process"."package" = $12) limit $13) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"mc",100,2,"mc",100,0,100,"Europe/Paris","Europe/Paris",2,"mc",1001]

-- sort numero asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by "process"."numero" asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by "process"."numero" asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- sort equipement asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."equipement_libelle", '') as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by coalesce("process"."equipement_libelle", '') asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."equipement_libelle", '') as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by coalesce("process"."equipement_libelle", '') asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- sort workflow asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."modele_libelle" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by "process"."modele_libelle" asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."modele_libelle" as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by "process"."modele_libelle" asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- sort preparateur asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."preparateur", '') as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by coalesce("process"."preparateur", '') asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."preparateur", '') as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by coalesce("process"."preparateur", '') asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- sort dateDebut asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."date_debut", 'infinity'::timestamptz) as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by coalesce("process"."date_debut", 'infinity'::timestamptz) asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."date_debut", 'infinity'::timestamptz) as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by coalesce("process"."date_debut", 'infinity'::timestamptz) asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- sort dateFin asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."date_fin", 'infinity'::timestamptz) as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by coalesce("process"."date_fin", 'infinity'::timestamptz) asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."date_fin", 'infinity'::timestamptz) as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by coalesce("process"."date_fin", 'infinity'::timestamptz) asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- sort status asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."etat" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by "process"."etat" asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."etat" as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by "process"."etat" asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- sort typeConsignation asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."type_consignation", 0) as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by coalesce("process"."type_consignation", 0) asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."type_consignation", 0) as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by coalesce("process"."type_consignation", 0) asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- sort nomProcess asc
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."nom_process" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by "process"."nom_process" asc, "process"."id" asc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."nom_process" as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by "process"."nom_process" asc, "process"."id" asc limit $4)) u
    order by u.sequenced, u.sv asc, u.id asc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- every filter
select "id"
    from "process_modele"
    where ("process_modele"."entreprise_id" = $1 and "process_modele"."id" in ($2))
  -- [2,10]
select "id"
    from "utilisateur"
    where ("utilisateur"."id" in ($1) and "utilisateur"."entreprise_id" = $2)
  -- [2,2]
select "partenaire_id"
    from "entreprise_relation"
    where ("entreprise_relation"."entreprise_id" = $1 and "entreprise_relation"."partenaire_id" in ($2) and "entreprise_relation"."type" = $3)
  -- [2,4,"prestataire"]
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."package" = $2 and "process"."etat" = any($3::text[]) and "process"."process_modele_id" = any($4::int[]) and "process"."created_by_id" = any($5::int[]) and "process"."prestataire_ids" && $6::int[] and "process"."type_consignation" = any($7::int[]) and "process"."equipement_libelle" ilike $8 and "process"."date_debut" >= $9 and "process"."date_fin" < $10 and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $11) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $12 and "process"."package" = $13 and "process"."etat" = any($14::text[]) and "process"."process_modele_id" = any($15::int[]) and "process"."created_by_id" = any($16::int[]) and "process"."prestataire_ids" && $17::int[] and "process"."type_consignation" = any($18::int[]) and "process"."equipement_libelle" ilike $19 and "process"."date_debut" >= $20 and "process"."date_fin" < $21 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $22)) u
    order by u.sequenced, u.sv desc, u.id desc offset $23 limit $24)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $25::text)::text, (p.date_fin at time zone $26::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $27 and "process"."package" = $28 and "process"."etat" = any($29::text[]) and "process"."process_modele_id" = any($30::int[]) and "process"."created_by_id" = any($31::int[]) and "process"."prestataire_ids" && $32::int[] and "process"."type_consignation" = any($33::int[]) and "process"."equipement_libelle" ilike $34 and "process"."date_debut" >= $35 and "process"."date_fin" < $36) limit $37) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"mr","{en_cours,inactif}","{10}","{2}","{4}","{1,2}","%pompe%","2025-12-31T23:00:00.000Z","2026-12-31T23:00:00.000Z",100,2,"mr","{en_cours,inactif}","{10}","{2}","{4}","{1,2}","%pompe%","2025-12-31T23:00:00.000Z","2026-12-31T23:00:00.000Z",100,0,100,"Europe/Paris","Europe/Paris",2,"mr","{en_cours,inactif}","{10}","{2}","{4}","{1,2}","%pompe%","2025-12-31T23:00:00.000Z","2026-12-31T23:00:00.000Z",1001]

-- short search (walks the order)
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and strpos("process"."nom_recherche", (select app_search_key($2))) > 0 and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $3) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $4 and strpos("process"."nom_recherche", (select app_search_key($5))) > 0 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $6)) u
    order by u.sequenced, u.sv desc, u.id desc offset $7 limit $8)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $9::text)::text, (p.date_fin at time zone $10::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $11 and strpos("process"."nom_recherche", (select app_search_key($12))) > 0) limit $13) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"a",100,2,"a",100,0,100,"Europe/Paris","Europe/Paris",2,"a",1001]

-- number search
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and (strpos("process"."nom_recherche", (select app_search_key($2))) > 0 or "process"."numero" = $3) and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $4) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $5 and (strpos("process"."nom_recherche", (select app_search_key($6))) > 0 or "process"."numero" = $7) and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $8)) u
    order by u.sequenced, u.sv desc, u.id desc offset $9 limit $10)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $11::text)::text, (p.date_fin at time zone $12::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $13 and (strpos("process"."nom_recherche", (select app_search_key($14))) > 0 or "process"."numero" = $15)) limit $16) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"12",1200,100,2,"12",1200,100,0,100,"Europe/Paris","Europe/Paris",2,"12",1200,1001]

-- offset past the end (count again)
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $2) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $3 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $4)) u
    order by u.sequenced, u.sv desc, u.id desc offset $5 limit $6)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $7::text)::text, (p.date_fin at time zone $8::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $9 limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,9010,2,9010,9000,10,"Europe/Paris","Europe/Paris",2,1001]
select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $1 limit $2) as bounded
  -- [2,1001]

-- get_by_paging
select "id"
    from "process_modele"
    where ("process_modele"."entreprise_id" = $1 and "process_modele"."id" in ($2))
  -- [2,10]
with hits as materialized (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from process_own as "process"
    where ("process"."entreprise_id" = $1 and "process"."etat" = any($2::text[]) and "process"."process_modele_id" = any($3::int[]) and ("process"."nom_recherche" like (select app_search_like(app_search_key($4))) and strpos("process"."nom_recherche", (select app_search_key($5))) > 0))), page as (select *
    from hits h
    order by h.sequenced, h.sv desc, h.id desc offset $6 limit $7)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $8::text)::text, (p.date_fin at time zone $9::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from hits limit $10) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"{en_cours}","{10}","compresseur","compresseur",0,5,"Europe/Paris","Europe/Paris",1001]

-- /api/processes
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."package" = $2 and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $3) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $4 and "process"."package" = $5 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $6)) u
    order by u.sequenced, u.sv desc, u.id desc offset $7 limit $8)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $9::text)::text, (p.date_fin at time zone $10::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $11 and "process"."package" = $12) limit $13) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"mr",3,2,"mr",3,0,3,"Europe/Paris","Europe/Paris",2,"mr",1001]

-- board: default order
select "id", "entreprise_id", "logiciel_id", "nom", "icon", "config", "workflows", "metriques", "gamme_modele_id", "is_ee", "idx"
    from "tableau"
    where ("tableau"."id" = $1 and "tableau"."entreprise_id" = $2)
  -- [2,2]
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."process_modele_id" = any($2::int[]) and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $3) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $4 and "process"."process_modele_id" = any($5::int[]) and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $6)) u
    order by u.sequenced, u.sv desc, u.id desc offset $7 limit $8)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $9::text)::text, (p.date_fin at time zone $10::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $11 and "process"."process_modele_id" = any($12::int[])) limit $13) as bounded), (select coalesce(jsonb_object_agg(k, coalesce(p.raw_data -> k, 'null'::jsonb)), '{}'::jsonb)
    from unnest($14::text[]) k)::text
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,"{10}",10,2,"{10}",10,0,10,"Europe/Paris","Europe/Paris",2,"{10}",1001,"{145}"]

-- board: filter, sort by start
select "id", "entreprise_id", "logiciel_id", "nom", "icon", "config", "workflows", "metriques", "gamme_modele_id", "is_ee", "idx"
    from "tableau"
    where ("tableau"."id" = $1 and "tableau"."entreprise_id" = $2)
  -- [2,2]
select "id", "entreprise_id", "tableau_id", "nom", "criteres", "idx"
    from "filtre"
    where ("filtre"."id" = $1 and "filtre"."tableau_id" = $2)
  -- [3,2]
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."date_debut", 'infinity'::timestamptz) as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."process_modele_id" = any($2::int[]) and "process"."etat" = $3 and "process"."date_debut" between $4 and $5 and ("process"."raw_data" -> $6 @> $7::jsonb or "process"."raw_data" ->> $8 ilike $9) and "process"."sequenced" = false)
    order by coalesce("process"."date_debut", 'infinity'::timestamptz) asc, "process"."id" asc limit $10) union all (select "process"."id" as id, "process"."sequenced" as sequenced, coalesce("process"."date_debut", 'infinity'::timestamptz) as sv
    from "process"
    where ("process"."entreprise_id" = $11 and "process"."process_modele_id" = any($12::int[]) and "process"."etat" = $13 and "process"."date_debut" between $14 and $15 and ("process"."raw_data" -> $16 @> $17::jsonb or "process"."raw_data" ->> $18 ilike $19) and "process"."sequenced" = true)
    order by coalesce("process"."date_debut", 'infinity'::timestamptz) asc, "process"."id" asc limit $20)) u
    order by u.sequenced, u.sv asc, u.id asc offset $21 limit $22)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $23::text)::text, (p.date_fin at time zone $24::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $25 and "process"."process_modele_id" = any($26::int[]) and "process"."etat" = $27 and "process"."date_debut" between $28 and $29 and ("process"."raw_data" -> $30 @> $31::jsonb or "process"."raw_data" ->> $32 ilike $33)) limit $34) as bounded), (select coalesce(jsonb_object_agg(k, coalesce(p.raw_data -> k, 'null'::jsonb)), '{}'::jsonb)
    from unnest($35::text[]) k)::text
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv asc, pg.id asc
  -- [2,"{10}","en_cours","2025-12-31T23:00:00.000Z","2026-12-31T23:00:00.000Z","145","[\"zone\"]","145","%zone%",100,2,"{10}","en_cours","2025-12-31T23:00:00.000Z","2026-12-31T23:00:00.000Z","145","[\"zone\"]","145","%zone%",100,0,100,"Europe/Paris","Europe/Paris",2,"{10}","en_cours","2025-12-31T23:00:00.000Z","2026-12-31T23:00:00.000Z","145","[\"zone\"]","145","%zone%",1001,"{145}"]

-- board: sort by a field
select "id", "entreprise_id", "logiciel_id", "nom", "icon", "config", "workflows", "metriques", "gamme_modele_id", "is_ee", "idx"
    from "tableau"
    where ("tableau"."id" = $1 and "tableau"."entreprise_id" = $2)
  -- [2,2]
select "process"."id", "process"."entreprise_id", "process"."numero", "process"."process_modele_id", "process"."parent_id", "process"."niveau", "process"."key", "process"."nom_process", "process"."date_debut", "process"."date_fin", "process"."date_intervention_debut", "process"."date_intervention_fin", "process"."equipement", "process"."type_consignation", "process"."prestataire_ids", "process"."personne_en_charge_id", "process"."etat", "process"."status", "process"."current_ordre", "process"."raw_data", "process"."changed_metriques", "process"."reference", "process"."color", "process"."created_by_id", "process"."created_at", "process"."last_modify_at", "process"."last_modify_by_id", "process"."version", "process"."equipement_libelle", "process"."nom_recherche", "process"."modele_libelle", "process"."package", "process"."preparateur", "process"."sequenced", "process"."origin", "process"."articles", "process"."quantity", "process"."fournisseur", "process"."date_souhaitee", "process"."has_lockout", "process"."equipement_registre_id", "etape"."nom", "entreprise"."nom", (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = "process"."id" and ph.deleted_at is null)
    from "process"
    left join "etape" on ("etape"."process_modele_id" = "process"."process_modele_id" and "etape"."ordre" = "process"."current_ordre")
    left join "entreprise" on "entreprise"."id" = "process"."prestataire_ids"[1]
    where ("process"."entreprise_id" = $1 and "process"."process_modele_id" in ($2))
    order by (case when jsonb_typeof(("process"."raw_data" -> $3)) = 'number' then (("process"."raw_data" -> $4))::numeric end) asc nulls last, (case when jsonb_typeof(("process"."raw_data" -> $5)) in ('null', 'number') then null else "process"."raw_data" ->> $6 end) asc nulls last, "process"."numero" desc limit $7
  -- [2,10,"145","145","145","145",100]
select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."process_modele_id" in ($2)) limit $3) as bounded
  -- [2,10,1001]

-- board: state counts
select "id", "entreprise_id", "logiciel_id", "nom", "icon", "config", "workflows", "metriques", "gamme_modele_id", "is_ee", "idx"
    from "tableau"
    where ("tableau"."id" = $1 and "tableau"."entreprise_id" = $2)
  -- [2,2]
select "etat", count(*)::int
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."process_modele_id" in ($2)) group by "process"."etat"
  -- [2,10]

-- cursor page
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $1 and "process"."sequenced" = false and ("process"."numero", "process"."id") < ($2, $3))
    order by "process"."numero" desc, "process"."id" desc limit $4) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where ("process"."entreprise_id" = $5 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $6)) u
    order by u.sequenced, u.sv desc, u.id desc offset $7 limit $8)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $9::text)::text, (p.date_fin at time zone $10::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where "process"."entreprise_id" = $11 limit $12) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [2,3000,30,2,2,2,0,2,"Europe/Paris","Europe/Paris",2,1001]

-- contractor: first page
select coalesce(array_agg(entreprise_id
    order by entreprise_id), '{}') as ids
    from entreprise_relation
    where partenaire_id = app_tenant() and type = 'prestataire'
  -- []
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where (("process"."entreprise_id" = $1 or "process"."prestataire_ids" @> $2::int[] or "process"."process_modele_id" = any(array(select "etape"."process_modele_id"
    from "etape" join "etape_autorisation" on "etape_autorisation"."etape_id" = "etape"."id"
    where "etape_autorisation"."type" in ('validateur', 'utilisateur') and "etape_autorisation"."utilisateur_id" = $3))) and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $4) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where (("process"."entreprise_id" = $5 or "process"."prestataire_ids" @> $6::int[] or "process"."process_modele_id" = any(array(select "etape"."process_modele_id"
    from "etape" join "etape_autorisation" on "etape_autorisation"."etape_id" = "etape"."id"
    where "etape_autorisation"."type" in ('validateur', 'utilisateur') and "etape_autorisation"."utilisateur_id" = $7))) and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $8)) u
    order by u.sequenced, u.sv desc, u.id desc offset $9 limit $10)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $11::text)::text, (p.date_fin at time zone $12::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where ("process"."entreprise_id" = $13 or "process"."prestataire_ids" @> $14::int[] or "process"."process_modele_id" = any(array(select "etape"."process_modele_id"
    from "etape" join "etape_autorisation" on "etape_autorisation"."etape_id" = "etape"."id"
    where "etape_autorisation"."type" in ('validateur', 'utilisateur') and "etape_autorisation"."utilisateur_id" = $15))) limit $16) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [4,"{4}",6,100,4,"{4}",6,100,0,100,"Europe/Paris","Europe/Paris",4,"{4}",6,1001]

-- contractor: name search
select coalesce(array_agg(entreprise_id
    order by entreprise_id), '{}') as ids
    from entreprise_relation
    where partenaire_id = app_tenant() and type = 'prestataire'
  -- []
with page as (select *
    from ((select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where (("process"."entreprise_id" = $1 or "process"."prestataire_ids" @> $2::int[] or "process"."process_modele_id" = any(array(select "etape"."process_modele_id"
    from "etape" join "etape_autorisation" on "etape_autorisation"."etape_id" = "etape"."id"
    where "etape_autorisation"."type" in ('validateur', 'utilisateur') and "etape_autorisation"."utilisateur_id" = $3))) and strpos("process"."nom_recherche", (select app_search_key($4))) > 0 and "process"."sequenced" = false)
    order by "process"."numero" desc, "process"."id" desc limit $5) union all (select "process"."id" as id, "process"."sequenced" as sequenced, "process"."numero" as sv
    from "process"
    where (("process"."entreprise_id" = $6 or "process"."prestataire_ids" @> $7::int[] or "process"."process_modele_id" = any(array(select "etape"."process_modele_id"
    from "etape" join "etape_autorisation" on "etape_autorisation"."etape_id" = "etape"."id"
    where "etape_autorisation"."type" in ('validateur', 'utilisateur') and "etape_autorisation"."utilisateur_id" = $8))) and strpos("process"."nom_recherche", (select app_search_key($9))) > 0 and "process"."sequenced" = true)
    order by "process"."numero" desc, "process"."id" desc limit $10)) u
    order by u.sequenced, u.sv desc, u.id desc offset $11 limit $12)
    select p.id::text, p.numero::text, p.nom_process, p.equipement_libelle, p.process_modele_id::text, p.modele_libelle, p.preparateur, (p.date_debut at time zone $13::text)::text, (p.date_fin at time zone $14::text)::text, p.etat, e.nom, (select string_agg(distinct h.code, ', ')
    from process_habilitation ph join habilitation h on h.id = ph.habilitation_id
    where ph.process_id = p.id and ph.deleted_at is null), p.current_ordre::text, p.sequenced::text, (p.last_modify_at at time zone 'UTC')::text, p.status, p.type_consignation::text, (select en.nom
    from "entreprise" en
    where en.id = p.prestataire_ids[1]), p.origin, p.articles, p.quantity::text, p.fournisseur, (p.date_souhaitee at time zone 'UTC')::text, pg.sv::text, (select count(*)::text
    from (select 1
    from "process"
    where (("process"."entreprise_id" = $15 or "process"."prestataire_ids" @> $16::int[] or "process"."process_modele_id" = any(array(select "etape"."process_modele_id"
    from "etape" join "etape_autorisation" on "etape_autorisation"."etape_id" = "etape"."id"
    where "etape_autorisation"."type" in ('validateur', 'utilisateur') and "etape_autorisation"."utilisateur_id" = $17))) and strpos("process"."nom_recherche", (select app_search_key($18))) > 0) limit $19) as bounded)
    from page pg join "process" p on p.id = pg.id
    left join "etape" e on e.process_modele_id = p.process_modele_id and e.ordre = p.current_ordre
    order by pg.sequenced, pg.sv desc, pg.id desc
  -- [4,"{4}",6,"hangar",100,4,"{4}",6,"hangar",100,0,100,"Europe/Paris","Europe/Paris",4,"{4}",6,"hangar",1001]
